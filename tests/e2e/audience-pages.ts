import type { Page } from '@playwright/test'
import { expect } from './tab'
import type { AudienceAccordionBlock, HeroBlock } from '../../src/generated/schema-types'
import { blocksOf, pages, sectionHeadings } from './site'

/**
 * The audience section of the site, read from pages/: the hubs (the pages
 * with an audience accordion) and the detail pages their cards link to, so
 * an author may add a hub, a card or a detail page, or change a figure.
 * What each of them shows is checked here, once the page is open:
 * pipeline.spec.ts calls these in its test of each route, on the load it
 * already makes, and audiences.spec.ts works the accordion itself.
 */
export const heroOf = (route: string) => blocksOf(route).find((b): b is HeroBlock => b.type === 'hero')
export const accordionOf = (route: string) => blocksOf(route).find((b): b is AudienceAccordionBlock => b.type === 'audience-accordion')

export interface Hub {
  route: string
  video: HeroBlock['video']
  details: string[]
}

export const hubs: Hub[] = pages
  .filter(({ route }) => accordionOf(route))
  // A detail page is one a card links to whose back link returns to this hub;
  // a card may also point elsewhere (an author's card for /about-us).
  .map(({ route }) => ({ route, video: heroOf(route)?.video, details: accordionOf(route)!.cards.map((c) => c.href).filter((href) => heroOf(href)?.backLink?.href === route) }))

/** The hero's loop: muted, looping, inline and autoplaying, from the files the page names. */
async function expectHeroLoop(page: Page, video: NonNullable<HeroBlock['video']>): Promise<void> {
  const element = page.locator('main video')
  await expect(element).toHaveCount(1)
  for (const attribute of ['muted', 'loop', 'playsinline', 'autoplay']) await expect(element).toHaveAttribute(attribute)
  expect(await element.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline && v.autoplay)).toBe(true)
  // The loop's own files come last: a phone crop, where there is one, is listed before them (hero-still.spec.ts).
  await expect(element.locator('source[type="video/webm"]').last()).toHaveAttribute('src', video.webm)
  await expect(element.locator('source[type="video/mp4"]').last()).toHaveAttribute('src', video.mp4)
}

/** A hub: its title, its sections, a card in the accordion for each of its cards, and its hero loop. */
async function expectHub(page: Page, hub: Hub): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(hub.route)!.title)
  for (const heading of sectionHeadings(hub.route)) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible()
  }
  await expect(page.locator('main [role="radiogroup"]').getByRole('radio')).toHaveCount(accordionOf(hub.route)!.cards.length)
  await expectHeroLoop(page, hub.video!)
}

/** A detail page: its title, the back link to its hub, its sections with their bullets, and its hero loop. */
async function expectDetail(page: Page, route: string, hub: Hub): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(route)!.title)
  const back = page.getByRole('link', { name: heroOf(route)!.backLink!.label, exact: true })
  await expect(back).toBeVisible()
  await expect(back).toHaveAttribute('href', hub.route)
  for (const heading of sectionHeadings(route)) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible()
  }
  // The figures are in the sections' bullets, as the author wrote them.
  const bullets = blocksOf(route).flatMap((b) => (b.type === 'media-text' ? (b.bullets ?? []) : []))
  for (const bullet of bullets) await expect(page.locator('main li', { hasText: bullet }).first()).toBeVisible()
  await expectHeroLoop(page, heroOf(route)!.video!)
}

/**
 * What the open page must show as a hub or a detail page, with the words
 * that name the check in a test's title; undefined for any other route.
 */
export function audienceCheck(route: string): { says: string; run: (page: Page) => Promise<void> } | undefined {
  const hub = hubs.find((h) => h.route === route)
  if (hub) return { says: 'shows its title, sections, accordion and hero loop', run: (page) => expectHub(page, hub) }
  const above = hubs.find((h) => h.details.includes(route))
  if (above) return { says: 'shows its title, back link, sections, their bullets and its hero loop', run: (page) => expectDetail(page, route, above) }
  return undefined
}
