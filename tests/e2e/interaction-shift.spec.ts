import { expect, test, type Page } from '@playwright/test'
import { framesDrawn, hydrated, transitionsEnded } from './console'
import { pages } from './site'

/**
 * Opening the phone menu or a hub card moves nothing after the tap's own
 * moment, on a phone slowed 4x: layout shifts within 0.5 s of an input
 * are the visitor's doing and do not count; anything later does (CLS).
 */
const hub = pages.find(({ page }) => page.blocks.some((b) => b.type === 'audience-accordion'))!

/** The layout shifts after tapping `target`, until what it set moving (within `moving`) has come to rest. */
async function shiftsAfterTap(page: Page, route: string, target: string, moving: string, prepare?: () => Promise<void>): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(() => {
    const late: number[] = ((window as unknown as { lateShifts: number[] }).lateShifts = [])
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) late.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(route)
  await hydrated(page)
  await prepare?.()
  await framesDrawn(page)
  await page.evaluate(() => ((window as unknown as { lateShifts: number[] }).lateShifts.length = 0))
  await page.locator(target).first().tap()
  // Past the tap's own half second (CSS transitions run longer on a slowed phone), and the frames after.
  await transitionsEnded(page.locator(moving).first())
  await framesDrawn(page)
  return page.evaluate(() => (window as unknown as { lateShifts: number[] }).lateShifts)
}

test.describe('a tap moves nothing after its own moment', () => {
  test.beforeEach(({ isMobile }) => test.skip(!isMobile, 'phone'))

  test('opening the phone menu', async ({ page }) => {
    expect(await shiftsAfterTap(page, '/', 'header details:has(nav[aria-label="Menu"]) > summary', 'header')).toEqual([])
  })

  test(`opening a card of the ${hub.route} accordion`, async ({ page }) => {
    const group = page.locator('main [role="radiogroup"]')
    expect(await shiftsAfterTap(page, hub.route, 'main [role="radiogroup"] > div:nth-child(3) label', 'main [role="radiogroup"]', () => group.scrollIntoViewIfNeeded())).toEqual([])
  })
})
