import { expect, test } from '@playwright/test'
import { hydrated } from './console'
import { framesAround, scrollToBottom, totalShift } from '../../scripts/scroll-recording'

/**
 * Scrolling the home page from top to bottom the way a person does: nothing
 * may move on its own (no layout shift). Runs at both viewports; the first
 * wheel or touch also loads Lenis, which a visitor pays for too. How long
 * the main thread is blocked meanwhile (no task over 50 ms) is a duration,
 * so it is `npm run bench`'s figure ("scroll: longest task"), not asserted
 * here; the test records it beside its figures.
 */
test('scrolling the home page to the bottom: no layout shift', async ({ page }) => {
  test.setTimeout(90_000)
  const record = await scrollToBottom(page, '/', Boolean(test.info().project.use.hasTouch), hydrated)
  expect(record.reachedBottom, 'the scroll reached the bottom of the page').toBe(true)
  const { tasksWhileScrolling, shiftsWhileScrolling, cls, scrollStart } = record
  test.info().annotations.push({
    type: 'figures',
    description: JSON.stringify({
      scrollMs: Math.round((await page.evaluate(() => performance.now())) - scrollStart),
      longTasksWhileScrolling: tasksWhileScrolling.map((t) => ({ ...t, frames: framesAround(record, t) })),
      layoutShiftWhileScrolling: totalShift(shiftsWhileScrolling),
      cls,
    }),
  })
  // Soft, so that one run reports both figures.
  expect.soft(totalShift(shiftsWhileScrolling), `layout shifts while scrolling:\n${JSON.stringify(shiftsWhileScrolling, null, 2)}`).toBe(0)
  expect(cls, `cumulative layout shift over the whole visit, from:\n${JSON.stringify(record.recorded.shifts, null, 2)}`).toBe(0)
})
