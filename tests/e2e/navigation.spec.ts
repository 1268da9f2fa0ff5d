import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import type { AudienceAccordionBlock, Link } from '../../src/generated/schema-types'
import { motion } from '../../src/motion/constants'
import { desktopMinWidth } from '../../src/shared/breakpoint'
import { framesDrawn, holdAppScripts, hydrated, transitionsEnded } from './console'
import { pages, site } from './site'

/** A footer link from the hub to another page of the site, as _site.yaml lists it. */
const footerTarget = site.footer.columns.flatMap((c) => c.links).find((l) => l.href.startsWith('/') && l.href !== '/b2b-audience' && !l.href.includes('#'))!
const footerLink = (page: Page) => page.locator('footer').locator(`a[href="${footerTarget.href}"]`).first()
const atTarget = new RegExp(`${footerTarget.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

/**
 * Nothing jumps: scroll positions after full loads, focus after client-side
 * navigation, placeholder links, the hub accordion's box, the phone header.
 */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= desktopMinWidth
const hubs = pages.flatMap(({ route, page }) => {
  const accordion = page.blocks.find((b): b is AudienceAccordionBlock => b.type === 'audience-accordion')
  return accordion ? [{ route, cards: accordion.cards }] : []
})

test.describe('scroll position', () => {
  test('a page opened by its address starts at the top and stays there; Back returns to where the last page was', async ({ page }) => {
    const [from, to] = ['/b2b/smes', '/about-us']
    await page.goto(from)
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, 1800))
    const left = await scrollY(page)
    expect(left).toBeGreaterThan(1000)
    // Typing an address: a full load in the same tab.
    await page.goto(to)
    await hydrated(page)
    // The position would have come back as the app hydrated (React Router's
    // ScrollRestoration, a layout effect), or in the frames after.
    await framesDrawn(page)
    expect(await scrollY(page)).toBe(0)
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`${from}$`))
    await hydrated(page)
    // Restored (within a few lines: the page may still be settling), not left at the top.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(left * 0.9)
    expect(await scrollY(page)).toBeLessThan(left * 1.1)
  })

  test('a visitor who scrolls before the app starts stays where they are', async ({ page }) => {
    // The app's scripts are held back until the visitor has scrolled, so the
    // scroll lands before the app starts however fast this machine is.
    const release = await holdAppScripts(page)
    await page.goto('/b2b/smes', { waitUntil: 'commit' })
    // A visitor scrolls what they see: after the first paint (the stylesheet
    // has applied, so later layout does not move the position).
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 10 })
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-hydrated'))).toBe(false)
    await page.evaluate(() => window.scrollTo(0, 900))
    release()
    await hydrated(page)
    await framesDrawn(page)
    expect(await scrollY(page)).toBe(900)
  })

  test('Back to the home page restores a position deep among its stacks', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    // Two thirds down: past the method stack, among the audience cards.
    const deep = await page.evaluate(() => Math.round((document.documentElement.scrollHeight - innerHeight) * 0.66))
    await page.evaluate((y) => window.scrollTo(0, y), deep)
    await expect.poll(() => scrollY(page)).toBe(deep)
    await footerLink(page).evaluate((a: HTMLElement) => a.click())
    await expect(page).toHaveURL(atTarget)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => scrollY(page)).toBe(deep)
  })

  test('Back and Forward between client-side pages restore each position', async ({ page }) => {
    await page.goto('/b2b-audience')
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, 700))
    // Clicked where it is: Playwright would first scroll it into view.
    await footerLink(page).evaluate((a: HTMLElement) => a.click())
    await expect(page).toHaveURL(atTarget)
    await expect.poll(() => scrollY(page)).toBe(0)
    await page.evaluate(() => window.scrollTo(0, 300))
    await page.goBack()
    await expect(page).toHaveURL(/\/b2b-audience$/)
    await expect.poll(() => scrollY(page)).toBe(700)
    await page.goForward()
    await expect(page).toHaveURL(atTarget)
    await expect.poll(() => scrollY(page)).toBe(300)
  })
})

test("a page's data is fetched once on the way there, and never for the page opened", async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/_data/')) fetched.push(path)
  })
  await page.goto('/b2b-audience')
  await hydrated(page)
  const title = pages.find((p) => p.route === footerTarget.href)!.page.title
  for (let i = 0; i < 2; i++) {
    await footerLink(page).evaluate((a: HTMLElement) => a.click())
    await expect(page).toHaveURL(atTarget)
    await expect.poll(() => page.title()).toContain(title)
    await page.goBack()
    await expect(page).toHaveURL(/\/b2b-audience$/)
  }
  // The hub's own data came inside its HTML; the target's once, then from memory. (Pages its links
  // lead to may be fetched ahead as well, each once: app/prefetch.ts.)
  expect(fetched.filter((path) => path === `/_data${footerTarget.href}.json`)).toHaveLength(1)
  expect(fetched).not.toContain('/_data/b2b-audience.json')
  expect(new Set(fetched).size).toBe(fetched.length)
})

test('after a client-side navigation, focus is on the new page\'s main heading', async ({ page }) => {
  const target = pages.find((p) => p.route === footerTarget.href)!
  await page.goto('/b2b-audience')
  await hydrated(page)
  await footerLink(page).click()
  await expect(page).toHaveURL(atTarget)
  const heading = page.locator('main h1')
  await expect(heading).toContainText(target.page.blocks.find((b) => b.type === 'hero')!.title)
  await expect(heading).toBeFocused()
  // The next Tab goes on from the heading, not back to the skip link or the header.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('header, .skip-link')))).toBe(false)
})

test('links with no destination yet ("#") never move the page', async ({ page }) => {
  const placeholders = new Set<string>()
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') {
      const link = value as Partial<Link>
      if (link.href === '#' && link.label) placeholders.add(link.label)
      Object.values(value).forEach(collect)
    }
  }
  collect(site)
  collect(pages.find((p) => p.route === '/')!.page)
  expect(placeholders.size).toBeGreaterThan(0)
  await page.goto('/')
  await hydrated(page)
  expect(await page.locator('a[href="#"]').count(), 'no link to the top of the page').toBe(0)
  let clicked = 0
  for (const label of placeholders) {
    for (const element of await page.locator('a:not([href])', { hasText: label }).filter({ visible: true }).all()) {
      // Down the page (the header stays in view), then to the element.
      await page.evaluate(() => window.scrollTo({ top: 1000, behavior: 'instant' }))
      await element.scrollIntoViewIfNeeded()
      expect(await scrollY(page), `${label} is below the top`).toBeGreaterThan(0)
      // Where it sits on screen once any smooth scroll has ended: content
      // settling above it changes scrollY through scroll anchoring, not this.
      const top = async () => (await element.boundingBox())!.y
      await expect.poll(async () => Math.abs((await top()) - (await framesDrawn(page), await top()))).toBeLessThan(1)
      const before = await top()
      // Activation as a click has it (an href="#" would jump to the top),
      // sent to the element itself: Playwright's click first scrolls, and
      // on the emulated phone its idea of "in view" differs from the page's.
      await element.dispatchEvent('click')
      await framesDrawn(page)
      expect(Math.abs((await element.boundingBox())!.y - before), `${label} moved the page`).toBeLessThan(2)
      expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/')
      clicked++
    }
  }
  expect(clicked).toBeGreaterThanOrEqual(3)
})

test.describe('hub accordion at 1280 px', () => {
  for (const hub of hubs) {
    test(`${hub.route}: the accordion holds still as cards open, beside nothing, and Read More stays on one line`, async ({ tab: page }) => {
      test.skip(!isDesktop(page), 'wide screens')
      await page.goto(hub.route)
      await hydrated(page)
      const row = page.locator('main [role="radiogroup"]')
      const cards = row.locator('> div')
      const box = () =>
        row.evaluate((el) => {
          const r = el.getBoundingClientRect()
          return { left: r.left, width: r.width }
        })
      await row.scrollIntoViewIfNeeded()
      const first = await box()
      // The row of cards spans the section, under its heading: no blank beside it.
      const heading = await row.locator('xpath=ancestor::section[1]//h2').boundingBox()
      expect(Math.abs(first.left - heading!.x)).toBeLessThan(1)
      for (let i = 0; i < hub.cards.length; i++) {
        await cards.nth(i).locator('label').click()
        // The card has finished opening (a transition of flex-grow).
        await transitionsEnded(row)
        const now = await box()
        expect(Math.abs(now.left - first.left), `left edge with card ${i} open`).toBeLessThan(0.5)
        expect(Math.abs(now.width - first.width), `width with card ${i} open`).toBeLessThan(0.5)
        // Its words and its arrow share one line.
        const spread = await cards.nth(i).getByRole('link', { name: /Read More/ }).evaluate((a) => {
          const range = document.createRange()
          range.selectNodeContents(a.firstChild!)
          const arrow = a.querySelector('[aria-hidden="true"]')!.getBoundingClientRect()
          const middles = [...range.getClientRects(), arrow].map((r) => r.top + r.height / 2)
          return Math.max(...middles) - Math.min(...middles)
        })
        expect(spread, `Read More of card ${i} on one line`).toBeLessThan(8)
      }
    })
  }
})

test.describe('phone header', () => {
  for (const width of [320, 375]) {
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height: 640 } })

      test('the Menu button leaves the brand name clear, and the open panel spans the screen (up to 375 px) with equal margins and shows its last link', async ({ tab: page }) => {
        test.skip(test.info().project.name !== 'mobile', 'phone header')
        await page.goto('/')
        await hydrated(page)
        const brand = await page.locator('header a').first().boundingBox()
        const panel = page.locator('header details:has(nav[aria-label="Menu"])')
        const button = await panel.locator('> summary').boundingBox()
        // Not touching: at least a few pixels of header between them.
        expect(brand!.x + brand!.width, 'brand ends before the Menu button').toBeLessThan(button!.x - 4)

        await panel.locator('> summary').click()
        await transitionsEnded(panel)
        const open = (await panel.boundingBox())!
        const right = width - (open.x + open.width)
        // The spec's 375 px: on a screen this narrow, all of it.
        expect(open.width).toBeCloseTo(Math.min(motion.menu.openWidth, width), 0)
        expect(Math.abs(open.x - right), `margins ${open.x} and ${right}`).toBeLessThan(1)

        // With the longest group open, the last link is reachable and shown whole.
        const groups = [...site.header.menus, ...site.header.mobile.groups]
        const longest = groups.reduce((a, b) => (b.links.length > a.links.length ? b : a))
        await panel.locator('nav[aria-label="Menu"] summary', { hasText: longest.label }).click()
        const last = panel.getByRole('link', { name: site.header.mobile.list.links.at(-1)!.label, exact: true }).last()
        await last.scrollIntoViewIfNeeded()
        const link = (await last.boundingBox())!
        const shown = (await panel.boundingBox())!
        expect(link.y).toBeGreaterThanOrEqual(shown.y)
        expect(link.y + link.height, 'inside the panel').toBeLessThanOrEqual(shown.y + shown.height)
        expect(shown.y + shown.height, 'the panel ends on screen').toBeLessThanOrEqual(640)
      })
    })
  }
})
