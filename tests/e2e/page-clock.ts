import type { Locator, Page } from '@playwright/test'

/**
 * The page's timers on a clock the test moves (Playwright's page.clock),
 * for the tests of what happens a set time after something: they step the
 * page's own time instead of waiting and measuring, so a busy machine makes
 * them slower but never changes what they see.
 *
 * Call before the page's first load; the clock stands still until moved.
 * Under it the browser reports no paints (performance entries are the
 * clock's), so what counts from the first paint counts from the
 * navigation's start, as the site does where a browser reports none.
 */
export async function stopPageClock(page: Page): Promise<void> {
  await page.clock.install({ time: 0 })
  await page.clock.pauseAt(1000)
}

/** The page's time now, on its (stopped) performance.now() clock. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now())

/**
 * Moves the page's clock on in steps of `stepMs` until `state` holds in the
 * page. For what also waits on the network or on rendering (the app's
 * start): each step gives those a turn. The test's timeout ends a wait for
 * something that never comes.
 */
export async function stepClockUntil(page: Page, state: () => unknown, stepMs = 20): Promise<void> {
  while (!(await page.evaluate(state))) await page.clock.runFor(stepMs)
}

/**
 * Resolves once the page has run the tasks already queued: what a timer's
 * callback set in motion (a React render, which React schedules as a
 * message to the page) is in the DOM. A message of its own, because the
 * clock holds timers and frames.
 */
export function queuedTasksRun(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      }),
  )
}

/**
 * Resolves once the page has been told `element` is in view (at least
 * `threshold` of it): an IntersectionObserver of the page's own, made after
 * the app's, hears it in the same frame and after them, so the app's
 * observers have had it too. Before the clock moves on, so a timer the app
 * starts on seeing it starts now.
 */
export function inViewReported(element: Locator, threshold = 0): Promise<void> {
  return element.evaluate(
    (el, threshold) =>
      new Promise<void>((seen) => {
        const observer = new IntersectionObserver(
          ([entry]) => {
            if (entry!.isIntersecting && entry!.intersectionRatio >= threshold) seen(observer.disconnect())
          },
          { threshold },
        )
        observer.observe(el)
      }),
    threshold,
  )
}
