import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test'

/**
 * `tab`: one browser tab per worker, kept from test to test, for the tests
 * that open a route and read it, as a visitor types one address after
 * another into the same tab. Each test still gets a full page load, at the
 * project's width, with no storage, cookies, routes or listeners left from
 * the test before.
 *
 * Why: on these 2-core machines the browser suite is CPU-bound. Measured
 * with /proc per Chromium process over 12 loads, a new context and page
 * (Playwright's `page`) cost about 0.25 s of CPU before the first request,
 * and its new renderer about 0.5 s more to compile and run the app: in all
 * about 1.3 s of CPU a load. A load in a kept tab cost about 0.45 s.
 *
 * What a kept tab has that a first visit has not: the HTTP cache, and the
 * scripts compiled in its renderer, and the history of the tests before.
 * So these keep Playwright's own `page`: the tests of a first visit (the
 * first paint, the order a page loads in), of Back and Forward, and any
 * test that adds init scripts, emulates media or needs its context.
 */
export const test = base.extend<{ tab: Page }, { tabs: Map<string, Promise<BrowserContext>> }>({
  tabs: [
    async ({ browser }, use) => {
      const tabs = new Map<string, Promise<BrowserContext>>()
      await use(tabs)
      for (const context of tabs.values()) await (await context).close()
    },
    { scope: 'worker' },
  ],
  tab: async ({ tabs, browser, viewport, isMobile, hasTouch, deviceScaleFactor, javaScriptEnabled, baseURL, userAgent, reducedMotion, colorScheme, locale, timezoneId, bypassCSP, serviceWorkers, contextOptions }, use) => {
    // Everything but the viewport is fixed when a context is made: a test that sets any of it gets a tab of its own kind.
    const fixed: BrowserContextOptions = { ...contextOptions, isMobile, hasTouch, deviceScaleFactor, javaScriptEnabled, baseURL, userAgent, reducedMotion, colorScheme, locale, timezoneId, bypassCSP, serviceWorkers }
    const key = JSON.stringify(fixed)
    if (!tabs.has(key)) tabs.set(key, browser.newContext({ ...fixed, viewport }))
    const context = await tabs.get(key)!
    const page = context.pages()[0] ?? (await context.newPage())
    if (viewport && (page.viewportSize()?.width !== viewport.width || page.viewportSize()?.height !== viewport.height)) await page.setViewportSize(viewport)
    await use(page)
    try {
      // Nothing the test left reaches the next one.
      for (const event of ['console', 'pageerror', 'request', 'response', 'requestfailed', 'dialog'] as const) page.removeAllListeners(event)
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      if (javaScriptEnabled !== false && page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => {})
      await context.clearCookies()
      await page.goto('about:blank', { timeout: 5000 })
    } catch {
      // A tab the test left unusable (crashed, hung) is replaced for the next.
      tabs.delete(key)
      await context.close().catch(() => {})
    }
  },
})

export { expect } from '@playwright/test'
