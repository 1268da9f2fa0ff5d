/**
 * Tap to headline on a slow phone (the bench's instant-links figures):
 * 1.6 Mbps down, 150 ms round trips, the CPU slowed 4x, as Lighthouse's
 * mobile run. Three ways to the same page, each in a fresh browser context
 * that has opened the hub first (its scripts cached, as a visitor's are):
 *   - the hub's Read More, after the link was in view for a second;
 *   - a header menu link, the menu opened and the link clicked (pointed at
 *     only as the click comes: the menu's links are hidden until then);
 *   - a full load of the same address, to its first paint (which holds the
 *     prerendered headline).
 */
import type { Browser, Page } from '@playwright/test'
import { median } from './bench-runs'

const slowPhone = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpu: 4,
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slowPhone.latency,
    downloadThroughput: slowPhone.downloadThroughput,
    uploadThroughput: slowPhone.uploadThroughput,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpu })
}

/** Milliseconds from clicking `selector` (in the page, so no round trip of the test's counts) to the frame that shows `heading` as the page's h1. */
function tapToHeading(page: Page, selector: string, heading: string): Promise<number> {
  return page.evaluate(
    ({ selector, heading }) =>
      new Promise<number>((resolve) => {
        const link = document.querySelector<HTMLAnchorElement>(selector)!
        const start = performance.now()
        // (No named functions in here: tsx would wrap them in a helper the page does not have.)
        new MutationObserver((_, observer) => {
          if (document.querySelector('main h1')?.textContent !== heading) return
          observer.disconnect()
          requestAnimationFrame(() => resolve(performance.now() - start))
        }).observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
        })
        link.click()
      }),
    { selector, heading },
  )
}

export interface LinkFigures {
  /** Medians, in ms: the link, and a full load of its address. */
  readMore: { route: string; tapMs: number; fullLoadMs: number }
  menuLink: { route: string; tapMs: number; fullLoadMs: number }
  runs: number
}

type Target = { route: string; heading: string }

/** One fresh context that opened `hub` (its scripts now cached), throttled from then on. */
async function onHub(browser: Browser, base: string, hub: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  })
  const page = await context.newPage()
  await page.goto(base + hub)
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
  await throttle(page)
  return { page, close: () => context.close() }
}

export async function benchInstantLinks(browser: Browser, base: string, options: { hub: string; readMore: Target; menuLink: Target; runs: number }): Promise<LinkFigures> {
  const figures = {
    readMore: [] as number[],
    readMoreFull: [] as number[],
    menu: [] as number[],
    menuFull: [] as number[],
  }
  const fullLoad = async (route: string) => {
    const { page, close } = await onHub(browser, base, options.hub)
    await page.goto(base + route)
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    const ms = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime)
    await close()
    return ms
  }
  for (let run = 0; run < options.runs; run++) {
    {
      const { page, close } = await onHub(browser, base, options.hub)
      const selector = `main a[href="${options.readMore.route}"]`
      await page.locator(selector).first().scrollIntoViewIfNeeded()
      await page.waitForTimeout(1000)
      figures.readMore.push(await tapToHeading(page, selector, options.readMore.heading))
      await close()
    }
    {
      const { page, close } = await onHub(browser, base, options.hub)
      await page
        .getByRole('navigation', { name: 'Main' })
        .locator('details', {
          has: page.locator(`a[href="${options.menuLink.route}"]`),
        })
        .locator('summary')
        .click()
      figures.menu.push(await tapToHeading(page, `header nav[aria-label="Main"] a[href="${options.menuLink.route}"]`, options.menuLink.heading))
      await close()
    }
    figures.readMoreFull.push(await fullLoad(options.readMore.route))
    figures.menuFull.push(await fullLoad(options.menuLink.route))
  }
  return {
    readMore: {
      route: options.readMore.route,
      tapMs: median(figures.readMore),
      fullLoadMs: median(figures.readMoreFull),
    },
    menuLink: {
      route: options.menuLink.route,
      tapMs: median(figures.menu),
      fullLoadMs: median(figures.menuFull),
    },
    runs: options.runs,
  }
}
