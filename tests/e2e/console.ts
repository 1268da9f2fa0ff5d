import type { Locator, Page, Request } from '@playwright/test'

/**
 * Collects console errors and warnings, uncaught page errors (where React
 * reports hydration mismatches) and failed subresource requests.
 */
export function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 400 && r.request().resourceType() !== 'document') messages.push(`${r.status()}: ${r.url()}`)
  })
  return messages
}

/** In the page: whether React has hydrated the prerendered page. */
export const isHydrated = () => document.querySelector('#root')?.hasAttribute('data-hydrated')

/** Resolves once React has hydrated the prerendered page. */
export function hydrated(page: Page) {
  return page.waitForFunction(isHydrated)
}

/**
 * Resolves once the page has drawn two more frames and run the tasks queued
 * by then: a layout shift of the work done before this call has been drawn,
 * and its entry delivered to the page's PerformanceObservers.
 */
export function framesDrawn(page: Page) {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))))
}

/**
 * Resolves once every CSS transition and animation running on `locator`'s
 * element or inside it has ended. getAnimations applies pending style
 * first, so a transition a click has just caused is among them.
 */
export function transitionsEnded(locator: Locator) {
  return locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => undefined))
}

/**
 * Holds the requests to `url` (those `which` picks) until the returned
 * function is called, as a slow network or machine would: for as long as a
 * test needs, however fast this machine is.
 */
export async function holdRequests(page: Page, url: string, which: (request: Request) => boolean = () => true): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    if (which(route.request())) await released
    await route.fallback()
  })
  return release
}

/** Holds the app's scripts back: the visitor has the prerendered page alone until the returned function is called. */
export const holdAppScripts = (page: Page): Promise<() => void> => holdRequests(page, '**/assets/*.js')
