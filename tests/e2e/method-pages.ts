import type { Page } from '@playwright/test'
import { expect } from './tab'
import { motion } from '../../src/motion/constants'
import type { FactsBlock, HeroBlock, ImageTrioBlock, StepsBlock } from '../../src/generated/schema-types'
import { blockOn, blocksOf, sectionHeadings } from './site'

/**
 * The method pages, About and the legal pages, as the specification lays
 * them out (section 2): what each shows once it is open. The words checked
 * are read from pages/, so an author may rewrite any of them.
 * pipeline.spec.ts calls these in its test of each route, on the load it
 * already makes; methods.spec.ts works /anim's gallery.
 */
const h2 = (page: Page, name: string) => page.locator('main').getByRole('heading', { level: 2, name, exact: true })

/** The hero's link (back link or button), which must lead to the home page. */
async function expectHeroLinkHome(page: Page, route: string) {
  const hero = blockOn<HeroBlock>(route, 'hero')
  expect(hero.backLink?.href, `${route}'s hero links home`).toBe('/')
  const link = page.locator('main section').first().getByRole('link', { name: hero.backLink!.label, exact: true })
  await expect(link).toHaveCount(1)
  await expect(link).toHaveAttribute('href', '/')
}

/** Every text section's heading zooms in once it is in view, 100 ms late where the page says delayedHeading. */
async function expectZoomHeadings(page: Page, route: string) {
  const sections = blocksOf(route).filter((b) => b.type === 'text-section')
  expect(sections.length).toBeGreaterThan(0)
  for (const section of sections) {
    const heading = h2(page, section.heading)
    await expect(heading).toHaveAttribute('data-effect', 'zoom')
    const delay = await heading.evaluate((el) => (el as HTMLElement).style.transitionDelay)
    expect(delay, section.heading).toBe(section.delayedHeading ? `${motion.delayedHeadingMs}ms` : '')
  }
}

async function expectSectionHeadings(page: Page, route: string) {
  for (const heading of sectionHeadings(route)) await expect(h2(page, heading)).toBeVisible()
}

/** /social-sampling: the outreach and advantages sections, the steps in order, three pictures, and the hero's link home. */
async function expectSocialSampling(page: Page, route: string) {
  await expectHeroLinkHome(page, route)
  await expectSectionHeadings(page, route)
  const { steps } = blockOn<StepsBlock>(route, 'steps')
  await expect(page.locator('main ol').filter({ has: page.getByRole('heading', { name: steps[0]!.title }) }).getByRole('listitem')).toHaveCount(steps.length)
  const trioBlock = blockOn<ImageTrioBlock>(route, 'image-trio')
  const trio = page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: trioBlock.heading!, exact: true }) }).locator('img')
  await expect(trio).toHaveCount(trioBlock.images.length)
  for (const img of await trio.all()) {
    await img.scrollIntoViewIfNeeded()
    await expect(img).toBeVisible()
    expect(await img.getAttribute('alt')).toBeTruthy()
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true)
  }
}

/** /telephone-search: the hero's link home, its zooming headings, the CATI facts and their formats. */
async function expectTelephoneSearch(page: Page, route: string) {
  await expectHeroLinkHome(page, route)
  await expectZoomHeadings(page, route)
  const factsBlock = blockOn<FactsBlock>(route, 'facts')
  const facts = page.locator('main dl')
  for (const { value, label } of factsBlock.facts) {
    const fact = facts.locator('div').filter({ has: page.getByText(value, { exact: true }) })
    await expect(fact).toHaveCount(1)
    await expect(fact).toContainText(label)
  }
  const tags = factsBlock.tags!.items
  const formats = page.locator('main ul').filter({ has: page.getByText(tags[0]!, { exact: true }) }).getByRole('listitem')
  await expect(formats).toHaveText(tags)
}

/** A hero and three text sections, each heading zooming in as the page says. */
async function expectThreeTextSections(page: Page, route: string) {
  const blocks = blocksOf(route)
  expect(blocks.map((b) => b.type)).toEqual(['hero', 'text-section', 'text-section', 'text-section'])
  await expect(page.locator('main section')).toHaveCount(blocks.length)
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(sectionHeadings(route))
  await expectZoomHeadings(page, route)
}

/** Every section heading, the text sections zooming in as the page says. */
async function expectZoomingSections(page: Page, route: string) {
  await expectSectionHeadings(page, route)
  await expectZoomHeadings(page, route)
}

/** A legal page: a hero and a title, and no body text. */
async function expectTitleOnly(page: Page, route: string) {
  expect(blocksOf(route).map((b) => b.type)).toEqual(['hero', 'intro'])
  await expectSectionHeadings(page, route)
  await expect(page.locator('main p')).toHaveCount(0)
}

/** Each route of this section with what it must show, in the words that name the check in a test's title. */
const checks: Record<string, { says: string; expect: (page: Page, route: string) => Promise<void> }> = {
  '/social-sampling': { says: 'shows its outreach, steps, advantages, three images and a Method link home', expect: expectSocialSampling },
  '/telephone-search': { says: 'shows its CATI facts, a hero link home and a delayed zoom heading', expect: expectTelephoneSearch },
  '/online-search': { says: 'shows a hero and three text sections', expect: expectThreeTextSections },
  '/interview-vc': { says: 'shows a hero and three text sections', expect: expectThreeTextSections },
  '/mixed-methodologies': { says: 'shows every section heading, text sections zooming in as the page says', expect: expectZoomingSections },
  '/about-us': { says: 'shows every section heading, text sections zooming in as the page says', expect: expectZoomingSections },
  '/terms-service': { says: 'shows its hero and title only, no body text', expect: expectTitleOnly },
  '/privacy-policy': { says: 'shows its hero and title only, no body text', expect: expectTitleOnly },
}

/** The routes checked here: each must be a page (methods.spec.ts holds them to it). */
export const methodRoutes = Object.keys(checks)

/** What the open page must show as a method, About or legal page; undefined for any other route. */
export function methodCheck(route: string): { says: string; run: (page: Page) => Promise<void> } | undefined {
  const check = checks[route]
  return check && { says: check.says, run: (page) => check.expect(page, route) }
}
