import { expect, test, type Page } from '@playwright/test'
import { headlineFaceAttribute } from '../../src/shared/headline-face'
import { framesDrawn } from './console'
import { hydrated, routes } from './site'

/**
 * The brand font (src/app/brand-font.ts): a first visit's first page is
 * drawn in the local fallback stretched to Inter's measurements, but for its
 * headline, which is in Inter from a face of its own letters written into
 * the page (src/prerender/headline-face.ts); Inter itself is fetched only
 * after the largest paint; the next page, by a link or a full load, is drawn
 * in Inter from its first paint. Nothing moves at any step.
 */

/** The font Chromium actually drew a node's text with (not the CSS wish list). */
async function renderedFont(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('DOM.enable')
  await cdp.send('CSS.enable')
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
  await cdp.detach()
  return fonts.map((f) => f.familyName)
}

/** Records every layout shift not caused by input, and when the largest paint and each font request happened. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; sources: string[] }[]; lcp: number[] }
    w.shifts = []
    w.lcp = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (!entry.hadRecentInput) w.shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName))) })
      }
    }).observe({ type: 'layout-shift', buffered: true })
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.lcp.push(e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  return {
    shifts: () => page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts),
    firstLargestPaint: () => page.evaluate(() => (window as unknown as { lcp: number[] }).lcp[0]),
    fontRequests: () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.woff2'))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
      ),
  }
}

const subset = /\/assets\/inter-latin-subset-wght-[\w-]+\.woff2$/
const fallback = /^(Arial|Liberation Sans|Arimo|Roboto)$/
const interIsOn = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('brand-font'))
/** A route with a link in its main content to another of the site's pages. */
const [first, second] = [routes[0]!.route, routes.find((r) => r.route !== routes[0]!.route && r.route.split('/').length === 2 && r.heading)!.route]

test('a first visit: the headline is in Inter, the rest in the fallback, Inter comes after the largest paint, and nothing moves', async ({ page }) => {
  const watch = await watchPage(page)
  await page.goto(first)
  await hydrated(page)
  await expect.poll(async () => (await watch.fontRequests()).length).toBe(1)
  const [font] = await watch.fontRequests()
  expect(font!.path).toMatch(subset)
  expect(font!.start).toBeGreaterThan((await watch.firstLargestPaint())!)
  expect(await interIsOn(page)).toBe(false)
  // A local face stretched to Inter (on this machine Arial's twin, Liberation Sans), not an unadjusted system font.
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('main p')!).fontFamily)).toMatch(/^"Inter fallback"/)
  expect(await renderedFont(page, 'main p')).toEqual([expect.stringMatching(fallback)])
  // The headline, every letter of it, from the face the page carries.
  expect(await renderedFont(page, 'h1')).toEqual([expect.stringMatching(/^Inter/)])
  // Inter's arrival is the last thing the page waits for: nothing moved up to it, nor in the frames after it.
  await page.waitForFunction(() => localStorage.getItem('brand-font') === '1')
  await framesDrawn(page)
  expect(await watch.shifts()).toEqual([])
})

test('a first visit that follows a link before Inter has come: the next headline is in the fallback, not half in the first page\'s face', async ({ page }) => {
  // Inter never comes: the next page is drawn in the fallback, headline too.
  await page.route(/\.woff2$/, (r) => r.abort())
  await page.goto(first)
  await hydrated(page)
  expect(await page.locator(`[${headlineFaceAttribute}]`).count()).toBe(2)
  await page.locator(`a[href="${second}"]`).first().evaluate((a) => (a as HTMLAnchorElement).click())
  await expect(page.locator('main h1')).toHaveText(routes.find((r) => r.route === second)!.heading!)
  expect(await page.locator(`[${headlineFaceAttribute}]`).count()).toBe(0)
  expect(await renderedFont(page, 'h1')).toEqual([expect.stringMatching(fallback)])
})

test('the next page by a link is drawn in Inter', async ({ page }) => {
  const watch = await watchPage(page)
  await page.goto(first)
  await hydrated(page)
  await expect.poll(async () => (await watch.fontRequests()).length).toBe(1)
  // Inter has arrived, and the site noted it (the moment from which a next page may use it).
  await page.waitForFunction(() => localStorage.getItem('brand-font') === '1')
  // Follow a link the way a visitor does; the router shows the next page without a full load.
  await page.locator(`a[href="${second}"]`).first().evaluate((a) => (a as HTMLAnchorElement).click())
  await expect(page).toHaveURL(new RegExp(`${second.replace(/[/-]/g, '\\$&')}$`))
  // The address changes before the router draws the next page; Inter is on by the time it is drawn.
  await expect(page.locator('main h1')).toHaveText(routes.find((r) => r.route === second)!.heading!)
  expect(await interIsOn(page)).toBe(true)
  expect(await renderedFont(page, 'h1')).toEqual([expect.stringMatching(/^Inter/)])
  expect(await watch.fontRequests()).toHaveLength(1)
})

test('a later full load is drawn in Inter from its first paint, with no layout shift and the one font file', async ({ page }) => {
  await page.goto(first)
  await hydrated(page)
  await page.waitForFunction(() => localStorage.getItem('brand-font') === '1')
  const watch = await watchPage(page)
  await page.goto(second)
  // Before the app starts: index.html's inline script turned Inter on.
  expect(await interIsOn(page)).toBe(true)
  await hydrated(page)
  await page.evaluate(() => document.fonts.ready)
  expect(await renderedFont(page, 'h1')).toEqual([expect.stringMatching(/^Inter/)])
  expect(await renderedFont(page, 'main p')).toEqual([expect.stringMatching(/^Inter/)])
  expect((await watch.fontRequests()).map((f) => f.path)).toEqual([expect.stringMatching(subset)])
  // index.html's script preloaded it, so Chromium holds the first paint for it (briefly) rather than swapping it in after.
  expect(await page.evaluate(() => [...document.querySelectorAll('link[rel=preload][as=font]:not([media]):not([data-headline-face])')].map((l) => new URL((l as HTMLLinkElement).href).pathname))).toEqual([expect.stringMatching(subset)])
  await framesDrawn(page)
  expect(await watch.shifts()).toEqual([])
})

test('an Inter that comes late on a later load moves nothing: that page stays in the fallback', async ({ page }) => {
  await page.goto(first)
  await hydrated(page)
  await page.waitForFunction(() => localStorage.getItem('brand-font') === '1')
  // A cache that lost the file, on a slow connection: hold it until the page has painted without it.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.woff2$/, async (r) => {
    await held
    await r.continue()
  })
  const watch = await watchPage(page)
  await page.goto(second, { waitUntil: 'commit' })
  // Late: past the 100 ms in which font-display: optional would still take it.
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0 && performance.now() > performance.getEntriesByType('paint')[0]!.startTime + 400)
  const drawnIn = await renderedFont(page, 'main p')
  release()
  await hydrated(page)
  await page.evaluate(() => document.fonts.ready)
  expect(drawnIn).toEqual([expect.stringMatching(fallback)])
  await framesDrawn(page)
  expect(await watch.shifts()).toEqual([])
})
