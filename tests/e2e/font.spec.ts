import { expect, test, type Page } from '@playwright/test'
import { hydrated, routes } from './site'

/**
 * The brand font on a first visit: Inter is preloaded and swapped in, and
 * until it arrives the text is set in a local font stretched to Inter's
 * measurements, so the swap moves nothing.
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

/** Sums every layout shift of the page from its first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; sources: string[] }[] }
    w.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (!entry.hadRecentInput) w.shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName))) })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts)
}

const sample = ['/', '/b2b-audience', '/leaders/csuite', '/b2b/smes', '/about-us']

for (const route of sample) {
  test(`${route}: the brand font is in use after the first load, with no layout shift`, async ({ page }) => {
    const shifts = await watchLayoutShifts(page)
    await page.goto(route)
    await hydrated(page)
    await page.evaluate(() => document.fonts.ready)
    expect(await renderedFont(page, 'h1')).toEqual([expect.stringMatching(/^Inter/)])
    expect(await renderedFont(page, 'main p')).toEqual([expect.stringMatching(/^Inter/)])
    await page.waitForTimeout(300)
    expect(await shifts()).toEqual([])
  })
}

test('a brand font that comes late moves nothing: the page stays in the fallback drawn to its measurements', async ({ page }) => {
  // Hold the font back until the page has painted without it.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.woff2$/, async (r) => {
    await held
    await r.continue()
  })
  const shifts = await watchLayoutShifts(page)
  await page.goto(routes[0]!.route, { waitUntil: 'commit' })
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0)
  await page.waitForTimeout(400)
  const fallback = await renderedFont(page, 'h1')
  release()
  await hydrated(page)
  await page.evaluate(() => document.fonts.ready)
  // A local face stretched to Inter (on this machine Arial's twin,
  // Liberation Sans), not an unadjusted system font.
  const css = await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)
  expect(css).toMatch(/^"Inter Variable", "Inter fallback"/)
  expect(fallback).toEqual([expect.stringMatching(/^(Arial|Liberation Sans|Arimo|Roboto)$/)])
  await page.waitForTimeout(300)
  expect(await shifts()).toEqual([])
})

test('each page fetches one font file, the one it preloads (the Inter subset)', async ({ page }) => {
  for (const route of sample) {
    const fonts: string[] = []
    page.on('request', (r) => r.resourceType() === 'font' && fonts.push(new URL(r.url()).pathname))
    await page.goto(route)
    await hydrated(page)
    await page.evaluate(() => document.fonts.ready)
    const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))
    expect(preloads, route).toEqual([expect.stringMatching(/\/assets\/inter-latin-subset-wght-[\w-]+\.woff2$/)])
    expect(fonts, route).toEqual(preloads)
    page.removeAllListeners('request')
  }
})
