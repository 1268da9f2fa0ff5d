import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import { loadSite, projectPaths } from '../../src/compiler/index'
import type { AudienceAccordionBlock, Block, HeroBlock } from '../../src/generated/schema-types'
import { watchConsole } from './site'

/**
 * The audience section of the site: the hubs (the pages with an audience
 * accordion) and the detail pages their cards link to, all read from pages/,
 * so an author may add a hub, a card or a detail page, or change a figure.
 * The routes the spec fixes are held by tests/unit/project/spec-routes.test.ts; the
 * figures it quotes are a review aid outside npm test (npm run spec-content).
 */
const loaded = loadSite(projectPaths(join(import.meta.dirname, '..', '..')))
const blocksOf = (route: string): Block[] => loaded.pages.find((p) => p.route === route)?.page.blocks ?? []
const heroOf = (route: string) => blocksOf(route).find((b): b is HeroBlock => b.type === 'hero')
const accordionOf = (route: string) => blocksOf(route).find((b): b is AudienceAccordionBlock => b.type === 'audience-accordion')
const hubs = loaded.pages
  .filter(({ route }) => accordionOf(route))
  // A detail page is one a card links to whose back link returns to this hub;
  // a card may also point elsewhere (an author's card for /about-us).
  .map(({ route }) => ({ route, video: heroOf(route)?.video, details: accordionOf(route)!.cards.map((c) => c.href).filter((href) => heroOf(href)?.backLink?.href === route) }))
/** The titles of the page's sections below the hero, as they appear in the h2 headings. */
const sectionHeadings = (route: string) =>
  blocksOf(route).flatMap((b) => {
    if (b.type === 'intro') return [b.title]
    if (b.type === 'media-text' || b.type === 'table') return [b.heading]
    if (b.type === 'audience-accordion' && b.heading) return [b.heading]
    return []
  })

async function open(page: Page, route: string) {
  const response = await page.goto(route)
  expect(response?.status()).toBe(200)
  // Hydration is done once the router has taken over the links.
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
}

test('the hubs and their detail pages are found in pages/', () => {
  expect(hubs.length).toBeGreaterThanOrEqual(2)
  for (const hub of hubs) expect(hub.details.length, hub.route).toBeGreaterThanOrEqual(2)
})

test.describe('hub pages', () => {
  for (const hub of hubs) {
    test(`${hub.route} shows its title, sections and accordion`, async ({ tab: page }) => {
      const messages = watchConsole(page)
      await open(page, hub.route)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(hub.route)!.title)
      for (const heading of sectionHeadings(hub.route)) {
        await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible()
      }
      await expect(page.locator('main [role="radiogroup"]').getByRole('radio')).toHaveCount(accordionOf(hub.route)!.cards.length)
      expect(messages).toEqual([])
    })

    test(`${hub.route} accordion: one card open at a time, Read More goes to the top of the card's page`, async ({ tab: page }) => {
      await open(page, hub.route)
      const cards = accordionOf(hub.route)!.cards
      const group = page.locator('main [role="radiogroup"]')
      const radios = group.getByRole('radio')
      // What a visitor clicks: each card's title.
      const triggers = group.locator('label')
      const isOpen = (i: number) => radios.nth(i).isChecked()
      // Each card's panel: its description and Read More.
      const regions = group.locator('> div > div')
      const visibleRegions = regions.filter({ visible: true })

      // The first card starts open, and it is the only one.
      await expect(visibleRegions).toHaveCount(1)
      expect(await isOpen(0)).toBe(true)
      await expect(regions.first()).toBeVisible()
      await expect(regions.first()).toContainText(cards[0]!.description)

      // Closed cards show the first word of their title in capitals, written vertically.
      for (let i = 1; i < cards.length; i++) {
        expect(await isOpen(i)).toBe(false)
        const firstWord = cards[i]!.title.split(/\s+/)[0]!
        const word = triggers.nth(i).locator('span[aria-hidden="true"]')
        await expect(word).toBeVisible()
        await expect(word).toHaveText(firstWord.toUpperCase(), { useInnerText: true })
        await expect(word).toHaveCSS('writing-mode', 'vertical-rl')
      }

      // Opening a closed card closes the open one.
      await triggers.nth(1).click()
      expect(await isOpen(1)).toBe(true)
      expect(await isOpen(0)).toBe(false)
      await expect(visibleRegions).toHaveCount(1)
      await expect(regions.nth(1)).toBeVisible()
      await expect(regions.first()).toBeHidden()
      // Clicking the open card again keeps it open.
      await triggers.nth(1).click()
      await expect(visibleRegions).toHaveCount(1)
      await expect(regions.nth(1)).toBeVisible()

      // Read More leaves the page scrolled down and arrives at the top of the card's page.
      await regions.nth(1).scrollIntoViewIfNeeded()
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
      await regions.nth(1).getByRole('link', { name: /Read More/ }).click()
      await expect(page).toHaveURL(new RegExp(`${cards[1]!.href}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(cards[1]!.href)!.title)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    })

    test(`${hub.route} hero video is muted, looping, inline and autoplaying`, async ({ tab: page }) => {
      await open(page, hub.route)
      const video = page.locator('main video')
      await expect(video).toHaveCount(1)
      for (const attribute of ['muted', 'loop', 'playsinline', 'autoplay']) await expect(video).toHaveAttribute(attribute)
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline && v.autoplay)).toBe(true)
      // The loop's own files come last: a phone crop, where there is one, is listed before them (hero-still.spec.ts).
      await expect(video.locator('source[type="video/webm"]').last()).toHaveAttribute('src', hub.video!.webm)
      await expect(video.locator('source[type="video/mp4"]').last()).toHaveAttribute('src', hub.video!.mp4)
    })
  }
})

test.describe('detail pages', () => {
  for (const hub of hubs) {
    for (const route of hub.details) {
      test(`${route} shows its title, back link, sections and their bullets`, async ({ tab: page }) => {
        const messages = watchConsole(page)
        await open(page, route)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(route)!.title)
        const back = page.getByRole('link', { name: heroOf(route)!.backLink!.label, exact: true })
        await expect(back).toBeVisible()
        await expect(back).toHaveAttribute('href', hub.route)

        const headings = sectionHeadings(route)
        for (const heading of headings) {
          await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible()
        }
        // The figures are in the sections' bullets, as the author wrote them.
        const bullets = blocksOf(route).flatMap((b) => (b.type === 'media-text' ? (b.bullets ?? []) : []))
        for (const bullet of bullets) await expect(page.locator('main li', { hasText: bullet }).first()).toBeVisible()

        const video = page.locator('main video')
        for (const attribute of ['muted', 'loop', 'playsinline', 'autoplay']) await expect(video).toHaveAttribute(attribute)
        await expect(video.locator('source[type="video/webm"]').last()).toHaveAttribute('src', heroOf(route)!.video!.webm)
        expect(messages).toEqual([])
      })
    }
  }

  test('the back link returns to the hub', async ({ tab: page }) => {
    const hub = hubs.at(-1)!
    const route = hub.details.at(-1)!
    await open(page, route)
    await page.getByRole('link', { name: heroOf(route)!.backLink!.label, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${hub.route}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(hub.route)!.title)
  })
})
