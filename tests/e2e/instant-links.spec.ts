import { expect, test, type Page } from '@playwright/test'
import { pageDataPathOf } from '../../src/shared/routes'
import { fullLoadAfterMs, inViewMs } from '../../src/app/link-timing'
import { inViewReported, queuedTasksRun, stepClockUntil, stopPageClock } from './page-clock'
import { hydrated, isHydrated, routes } from './site'

/**
 * A link inside the site feels instant: its page's data is fetched ahead
 * (when the link is seen, pointed at or pressed; never on Save-Data), the
 * swap never waits for pictures, a cue shows if it takes over 300 ms, and a
 * swap stalled for 3 s becomes a full load. The hub and its links are read
 * from the pages.
 */

/** A hub (a page with the audience accordion) and the page its open card's Read More leads to. */
const hub = routes.find(({ page }) => page.blocks.some((b) => b.type === 'audience-accordion'))!
const cards = (hub.page.blocks.find((b) => b.type === 'audience-accordion') as unknown as { cards: { href: string }[] }).cards
const target = routes.find((r) => r.route === cards[0]!.href)!
const dataOf = (route: string) => `/${pageDataPathOf(route)}`

/** Every page-data request the page makes, by route. */
function dataRequests(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    const route = routes.find((x) => dataOf(x.route) === path)
    if (route) asked.push(route.route)
  })
  return asked
}

/** From the next load on, the page's connection asks to save data. */
const savingData = (page: Page) => page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }))

/** The hub, on a connection that asks to save data: nothing is fetched ahead, so the tap's own fetch is the one a test sees or holds. */
async function openHubSavingData(page: Page) {
  await savingData(page)
  await page.goto(hub.route)
  await hydrated(page)
}

const readMore = (page: Page) => page.locator(`main a[href="${target.route}"]`).first()

test('pointing at a link fetches its page before the click, and the click shows it without asking again', async ({ page }) => {
  const asked = dataRequests(page)
  await page.goto(hub.route)
  await hydrated(page)
  const link = readMore(page)
  await link.scrollIntoViewIfNeeded()
  await link.hover()
  await expect.poll(() => asked.includes(target.route)).toBe(true)
  // Clicked where it is now (the smooth scroll may still be settling the page after the scroll into view).
  await link.evaluate((a) => (a as HTMLAnchorElement).click())
  await expect(page.locator('main h1')).toHaveText(target.heading!)
  expect(asked.filter((r) => r === target.route)).toHaveLength(1)
})

test('the links in view are fetched ahead, with nothing pointed at', async ({ page }) => {
  const asked = dataRequests(page)
  await page.goto(hub.route)
  await hydrated(page)
  await readMore(page).scrollIntoViewIfNeeded()
  await expect.poll(() => asked.includes(target.route), { timeout: 5000 }).toBe(true)
})

test('on Save-Data nothing is fetched ahead: only the tap fetches', async ({ page }) => {
  await stopPageClock(page)
  // Every fetch the page starts, as it starts it (a request event can come after the test has looked).
  await page.addInitScript(() => {
    const started: string[] = ((window as unknown as { fetchesStarted: string[] }).fetchesStarted = [])
    const fetch = window.fetch.bind(window)
    window.fetch = (input, init) => (started.push(String(input instanceof Request ? input.url : input)), fetch(input, init))
  })
  const started = () => page.evaluate(() => (window as unknown as { fetchesStarted: string[] }).fetchesStarted.map((url) => new URL(url, location.href).pathname))
  await savingData(page)
  await page.goto(hub.route)
  await stepClockUntil(page, isHydrated)
  const link = readMore(page)
  await link.scrollIntoViewIfNeeded()
  await inViewReported(link)
  await link.hover()
  // Far past a link's time in view and the idle wait after it: a page fetched ahead would have been asked for by now.
  await page.clock.runFor(10 * inViewMs)
  await queuedTasksRun(page)
  expect(await started()).toEqual([])
  await page.clock.resume()
  await link.click()
  await expect(page.locator('main h1')).toHaveText(target.heading!)
  expect(await started()).toEqual([dataOf(target.route)])
})

test("the swap does not wait for the next page's pictures", async ({ page }) => {
  await page.goto(hub.route)
  await hydrated(page)
  // Pictures that never come.
  await page.route(/\/media\//, () => {})
  const link = readMore(page)
  await link.scrollIntoViewIfNeeded()
  await link.click()
  await expect(page.locator('main h1')).toHaveText(target.heading!, {
    timeout: 2000,
  })
})

test('a page that takes over 300 ms shows a cue at the top until it comes; a quick one shows none', async ({ page }) => {
  await openHubSavingData(page)
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${dataOf(target.route)}`, async (r) => {
    await held
    await r.continue()
  })
  const bar = page.locator('[data-navigation-progress]')
  const shown = () => bar.evaluate((el) => getComputedStyle(el).opacity)
  await readMore(page).click()
  await expect(bar).toHaveAttribute('data-loading', '')
  // Not in the first 300 ms: the bar's opacity waits out its transition's delay. Read from the style, never raced against
  // the clock (on a busy machine the attribute was seen after the 300 ms had passed, and the bar was rightly shown).
  expect(await bar.evaluate((el) => getComputedStyle(el).transitionDelay.split(', ')[0]), 'shown only after the first 300 ms').toBe('0.3s')
  await expect.poll(shown, { timeout: 2000 }).toBe('1')
  release()
  await expect(page.locator('main h1')).toHaveText(target.heading!)
  await expect.poll(shown).toBe('0')
})

test('a swap stalled for 3 s loads the page whole instead', async ({ page }) => {
  await stopPageClock(page)
  // Every load of a whole page the page starts, as it starts it.
  await page.addInitScript(() => {
    const loads: string[] = ((window as unknown as { fullLoads: string[] }).fullLoads = [])
    // The Navigation API's navigate event (not in TypeScript's DOM types yet): fired as a navigation starts, before any request.
    const { navigation } = window as unknown as { navigation: EventTarget }
    navigation.addEventListener('navigate', (event) => {
      const { destination } = event as unknown as { destination: { url: string; sameDocument: boolean } }
      if (!destination.sameDocument) loads.push(new URL(destination.url).pathname)
    })
  })
  await savingData(page)
  await page.goto(hub.route)
  await stepClockUntil(page, isHydrated)
  // The page's data never comes; the page itself (its HTML) does.
  await page.route(`**${dataOf(target.route)}`, () => {})
  await readMore(page).click()
  await expect(page.locator('[data-navigation-progress]')).toHaveAttribute('data-loading', '')
  await queuedTasksRun(page)
  await page.clock.runFor(fullLoadAfterMs - 20)
  await queuedTasksRun(page)
  const fullLoads = page.evaluate(() => (window as unknown as { fullLoads: string[] }).fullLoads).catch(() => ['a full load, already under way'])
  expect(await fullLoads, 'not before 3 s').toEqual([])
  const fullLoad = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === target.route)
  await page.clock.runFor(20)
  await fullLoad
  await expect(page.locator('main h1')).toHaveText(target.heading!)
})
