import { expect, test } from '@playwright/test'
import { hydrated } from './console'

/**
 * The order a page loads in (README, "How a page loads"): the prerendered
 * HTML and its still paint first; the app's JavaScript is fetched only after
 * the browser has reported the largest paint. A script fetched before it
 * would share a slow connection with the hero still and delay that paint.
 * (An ordering, not a timing: it holds on a slow machine as on a fast one.)
 */
const routes = ['/', '/b2b-audience', '/b2b/smes', '/anim', '/about-us']

for (const route of routes) {
  test(`${route}: the app's scripts are fetched only after the largest paint`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { firstLargestPaint?: number }
      new PerformanceObserver((list) => {
        w.firstLargestPaint ??= list.getEntries()[0]?.startTime
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(route)
    await hydrated(page)
    const { paint, scripts } = await page.evaluate(() => ({
      paint: (window as unknown as { firstLargestPaint?: number }).firstLargestPaint,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || /\.js$/.test(new URL(e.name).pathname))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
    }))
    expect(paint, 'the browser reported a largest paint').toBeGreaterThan(0)
    // The entry (index-*.js) is in the HTML; everything else is the app.
    const app = scripts.filter((s) => !/^\/assets\/index-[\w-]+\.js$/.test(s.path))
    expect(app.length).toBeGreaterThan(0)
    expect(app.filter((s) => s.start < paint!)).toEqual([])
  })
}
