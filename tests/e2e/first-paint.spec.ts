import { expect, test, type Browser, type Page } from '@playwright/test'
import type { AudienceAccordionBlock } from '../../src/generated/schema-types'
import { hydrated } from './console'
import { pages, site } from './site'

/**
 * Every control works from the prerendered HTML: before the app starts
 * (taps shortly after the first paint, on a CPU slowed 4x, as on a modest
 * phone) and without JavaScript. Whatever the visitor opened before the app
 * started is still open once it has.
 */

const hub = pages.find(({ page }) => page.blocks.some((b) => b.type === 'audience-accordion' && b.cards.length >= 3))!
const cards = (hub.page.blocks.find((b) => b.type === 'audience-accordion') as AudienceAccordionBlock).cards
const audienceMenu = site.header.menus[0]!

/** CSS selectors (they also run inside the page, before any test helper could). */
const phoneMenu = 'header details:has(nav[aria-label="Menu"])'
const desktopMenu = 'header nav[aria-label="Main"] details'
/** The hub accordion's cards, each a radio (its state) with its title as label (what is clicked) and its panel. */
const accordionCard = 'main [role="radiogroup"] > div'
const accordionTitle = `${accordionCard} label`
const cardOpen = (page: Page, index: number) =>
  page.evaluate(({ selector, index }) => document.querySelectorAll<HTMLInputElement>(selector)[index]?.checked, { selector: `${accordionCard} > input[type="radio"]`, index })

const isOpen = (page: Page, selector: string, index = 0) =>
  page.evaluate(({ selector, index }) => (document.querySelectorAll(selector)[index] as HTMLDetailsElement | undefined)?.open, { selector, index })

interface Tap {
  /** ms after the first contentful paint that the browser took the tap (the event's own time stamp) */
  afterPaint: number
  hydratedAtTap: boolean
  /** the element the tap landed on (the start of its HTML) */
  target: string
  /** the element the browser sent the click to, once press and release were both taken ('none' if no click came) */
  clicked: string
}

type TapOptions = { route: string; selector: string; index?: number; touch: boolean; viewport: { width: number; height: number } }

/**
 * Where the control is: measured on a load like the tapped one, without
 * throttling. It must be on screen at first paint (a tap there cannot wait
 * for a scroll), so controls far down a page are tapped on a tall screen.
 */
async function locate(browser: Browser, options: TapOptions) {
  const context = await browser.newContext({ viewport: options.viewport, hasTouch: options.touch, isMobile: options.touch, baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await page.goto(options.route)
  const point = await page.evaluate(({ selector, index }) => {
    const box = document.querySelectorAll(selector)[index]!.getBoundingClientRect()
    return { x: box.left + Math.min(box.width / 2, 40), y: box.top + Math.min(box.height / 2, 40) }
  }, { selector: options.selector, index: options.index ?? 0 })
  await context.close()
  expect(point.y, `${options.selector} is on screen at first paint`).toBeLessThan(options.viewport.height)
  return point
}

/**
 * Opens the route in a fresh page with the CPU slowed 4x and sends a tap
 * (a real touch or mouse event through the browser's input pipeline, not a
 * script's click()) `delayMs` after the browser reports the first
 * contentful paint, or as soon after as the control is drawn. The timing is
 * kept on this side: under throttling the page's own timers run late.
 * Returns when the browser took the tap, relative to the paint, and whether
 * the app had started by then.
 */
async function tapAfterFirstPaint(browser: Browser, options: TapOptions & { delayMs: number; point: { x: number; y: number } }) {
  const context = await browser.newContext({ viewport: options.viewport, hasTouch: options.touch, isMobile: options.touch, baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Page.enable')
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true })
  const painted = new Promise<void>((resolve) => cdp.on('Page.lifecycleEvent', (event) => event.name === 'firstContentfulPaint' && resolve()))
  await page.addInitScript(() => {
    const w = window as unknown as { firstPaint?: number; tap?: { at: number; hydrated: boolean; target: string }; clicked?: string }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.firstPaint = entry.startTime
    }).observe({ type: 'paint', buffered: true })
    // The first event of the tap carries the time the browser received it.
    addEventListener('pointerdown', (event) => (w.tap ??= { at: event.timeStamp, hydrated: Boolean(document.getElementById('root')?.hasAttribute('data-hydrated')), target: (event.target as Element).outerHTML.slice(0, 80) }), true)
    // A press and a release on different elements (the page moved between them) make no click on either.
    addEventListener('click', (event) => (w.clicked ??= (event.target as Element).outerHTML.slice(0, 80)), true)
  })
  const loading = page.goto(options.route, { waitUntil: 'commit' })
  await painted
  await new Promise((resolve) => setTimeout(resolve, options.delayMs))
  // Chromium paints a page while it is still parsing it. Until the parser
  // has passed the control, what is drawn at its point may be something
  // else: the hub's first card, open, fills the whole row while the cards
  // after it are still to come. A visitor taps what they see, so the tap
  // waits for the control to be drawn where it will stay.
  await page.waitForFunction(({ selector, index, x, y }) => {
    const hit = document.elementFromPoint(x, y)
    return Boolean(hit && document.querySelectorAll(selector)[index]?.contains(hit))
  }, { selector: options.selector, index: options.index ?? 0, ...options.point }, { polling: 'raf' })
  if (options.touch) await page.touchscreen.tap(options.point.x, options.point.y)
  else await page.mouse.click(options.point.x, options.point.y)
  await loading
  const tap = await page.evaluate(() => {
    const w = window as unknown as { firstPaint: number; tap?: { at: number; hydrated: boolean; target: string }; clicked?: string }
    return w.tap && { afterPaint: Math.round(w.tap.at - w.firstPaint), hydratedAtTap: w.tap.hydrated, target: w.tap.target, clicked: w.clicked ?? 'none' }
  })
  expect(tap, 'the tap reached the page').toBeTruthy()
  return { page, context, tap: tap as Tap }
}

const delays = [50, 150, 300]

/**
 * Runs the tap at each delay; `check` asserts the control responded, then
 * that its state survived hydration and the app's own handling works. At
 * least one of the taps must have come before the app started, or the test
 * would prove nothing about the first paint (on this slowed CPU the app
 * starts well after the largest paint, so in practice all of them do).
 */
async function everyTapHonoured(browser: Browser, options: TapOptions, check: (page: Page) => Promise<void>) {
  const taps: Tap[] = []
  const point = await locate(browser, options)
  for (const delayMs of delays) {
    const { page, context, tap } = await tapAfterFirstPaint(browser, { ...options, delayMs, point })
    taps.push(tap)
    const description = `taken ${tap.afterPaint} ms after first paint, ${tap.hydratedAtTap ? 'after' : 'before'} hydration, on ${tap.target}; the click went to ${tap.clicked}`
    test.info().annotations.push({ type: `tap +${delayMs} ms`, description })
    // A failure names the tap it followed: a CI run's report may be all there is to go on.
    await check(page).catch((error: Error) => {
      error.message = `after the tap +${delayMs} ms (${description}):\n${error.message}`
      throw error
    })
    await context.close()
  }
  expect(taps.some((tap) => !tap.hydratedAtTap), 'at least one tap came before the app started').toBe(true)
}

test.describe('a tap right after the first paint is honoured (CPU slowed 4x)', () => {
  test.setTimeout(180_000)

  test('the phone Menu button', async ({ browser, isMobile }) => {
    test.skip(!isMobile, 'phone header')
    await everyTapHonoured(browser, { route: '/', selector: `${phoneMenu} > summary`, touch: true, viewport: { width: 375, height: 812 } }, async (page) => {
      await expect.poll(() => isOpen(page, phoneMenu), { message: 'the menu opened', timeout: 15_000 }).toBe(true)
      await hydrated(page)
      expect(await isOpen(page, phoneMenu), 'still open once the app has started').toBe(true)
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect.poll(() => isOpen(page, phoneMenu), 'the app closes it on Escape').toBe(false)
    })
  })

  test(`the desktop ${audienceMenu.label} drop-down`, async ({ browser, isMobile }) => {
    test.skip(isMobile, 'desktop header')
    await everyTapHonoured(browser, { route: '/', selector: `${desktopMenu} > summary`, touch: false, viewport: { width: 1280, height: 800 } }, async (page) => {
      await expect(page.locator(desktopMenu).first().locator('summary')).toHaveText(audienceMenu.label)
      await expect.poll(() => isOpen(page, desktopMenu), { message: 'the drop-down opened', timeout: 15_000 }).toBe(true)
      await hydrated(page)
      expect(await isOpen(page, desktopMenu), 'still open once the app has started').toBe(true)
      await expect(page.locator(desktopMenu).first().getByRole('link', { name: audienceMenu.links[0]!.label })).toBeVisible()
      await page.mouse.click(5, 700)
      await expect.poll(() => isOpen(page, desktopMenu), 'the app closes it on a click outside').toBe(false)
    })
  })

  test(`the second card of the ${hub.route} accordion`, async ({ browser, isMobile }) => {
    // Tall enough to show the accordion at first paint.
    const viewport = isMobile ? { width: 375, height: 2400 } : { width: 1280, height: 1800 }
    await everyTapHonoured(browser, { route: hub.route, selector: accordionTitle, index: 1, touch: isMobile, viewport }, async (page) => {
      await expect.poll(() => cardOpen(page, 1), { message: 'the second card opened', timeout: 15_000 }).toBe(true)
      expect(await cardOpen(page, 0), 'and the first closed').toBe(false)
      await hydrated(page)
      expect(await cardOpen(page, 1), 'still open once the app has started').toBe(true)
      expect(await cardOpen(page, 0)).toBe(false)
      await expect(page.locator(accordionCard).nth(1)).toContainText(cards[1]!.description)
      // One card is always open: its title does not close it.
      await page.locator(accordionTitle).nth(1).click()
      expect(await cardOpen(page, 1), 'the open card stays open').toBe(true)
    })
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the phone menu opens, one group at a time, and its links lead on', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone header')
    await page.goto('/')
    const groups = [...site.header.menus, ...site.header.mobile.groups]
    const menu = page.locator(phoneMenu)
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden()
    await menu.locator('> summary').click()
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible()
    const group = (label: string) => menu.locator('details').filter({ has: page.locator(`summary:text-is("${label}")`) })
    await group(groups[0]!.label).locator('summary').click()
    await expect(group(groups[0]!.label).getByRole('link', { name: groups[0]!.links[0]!.label })).toBeVisible()
    await group(groups[1]!.label).locator('summary').click()
    await expect(group(groups[1]!.label).getByRole('link', { name: groups[1]!.links[0]!.label })).toBeVisible()
    await expect(group(groups[0]!.label).getByRole('link', { name: groups[0]!.links[0]!.label })).toBeHidden()
    await group(groups[1]!.label).getByRole('link', { name: groups[1]!.links[0]!.label }).click()
    await expect(page).toHaveURL(new RegExp(`${groups[1]!.links[0]!.href}$`))
  })

  test(`the desktop drop-downs open one at a time`, async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop header')
    await page.goto('/')
    const [first, second] = site.header.menus
    const menu = (label: string) => page.locator(desktopMenu).filter({ has: page.locator(`summary:text-is("${label}")`) })
    await menu(first!.label).locator('summary').click()
    await expect(menu(first!.label).getByRole('link')).toHaveCount(first!.links.length)
    for (const link of first!.links) await expect(menu(first!.label).getByRole('link', { name: link.label, exact: true })).toBeVisible()
    await menu(second!.label).locator('summary').click()
    await expect(menu(second!.label).getByRole('link', { name: second!.links[0]!.label })).toBeVisible()
    await expect(menu(first!.label).getByRole('link', { name: first!.links[0]!.label })).toBeHidden()
    await menu(second!.label).getByRole('link', { name: second!.links[0]!.label }).click()
    await expect(page).toHaveURL(new RegExp(`${second!.links[0]!.href}$`))
  })

  test(`the ${hub.route} accordion shows its first card, keeps one open, opens the others and Read More leads on`, async ({ page }) => {
    await page.goto(hub.route)
    const details = page.locator(accordionCard)
    await expect(details).toHaveCount(cards.length)
    await expect(details.first()).toContainText(cards[0]!.description)
    await expect(details.first().getByRole('link', { name: /Read More/ })).toBeVisible()
    // A tap on the open card's title leaves it open: there is never a moment with no card open.
    await details.first().locator('label').click()
    await expect(details.first().getByText(cards[0]!.description)).toBeVisible()
    await details.nth(1).locator('label').click()
    await expect(details.nth(1).getByText(cards[1]!.description)).toBeVisible()
    await expect(details.first().getByText(cards[0]!.description)).toBeHidden()
    await details.nth(1).getByRole('link', { name: /Read More/ }).click()
    await expect(page).toHaveURL(new RegExp(`${cards[1]!.href}$`))
  })

  test('no video plays and no pause button stands idle', async ({ page }) => {
    await page.goto(hub.route)
    await expect(page.locator('main video source')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /background video/ })).toHaveCount(0)
    expect(await page.locator('main video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  })
})
