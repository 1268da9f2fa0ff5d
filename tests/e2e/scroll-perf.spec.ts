import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './console'

/**
 * Scrolling the home page from top to bottom the way a person does must
 * block the main thread for no more than 50 ms at a time (no "longtask"
 * entry), and nothing may move on its own (no layout shift). Runs at both
 * viewports; the first wheel or touch also loads Lenis, which a visitor
 * pays for too, so it is part of the measurement.
 */

interface Shift {
  value: number
  hadRecentInput: boolean
  startTime: number
  sources: string[]
}

interface Task {
  startTime: number
  duration: number
}

/** The scripts a long animation frame ran, for saying what a long task was. */
interface Frame extends Task {
  scripts: string[]
}

interface Recorded {
  shifts: Shift[]
  tasks: Task[]
  frames: Frame[]
}

declare global {
  interface Window {
    recorded?: Recorded
  }
}

/**
 * Observers installed before any page script runs, so the layout-shift
 * record covers the whole visit. Long tasks are recorded from the start
 * too, with their times; the test counts only those after `scrollStart`.
 * Long animation frames carry script attribution (file, function, time),
 * which the bare longtask entry lacks.
 */
function installObservers() {
  const recorded: Recorded = { shifts: [], tasks: [], frames: [] }
  window.recorded = recorded
  // The node, its parent and the start of its text: enough to find it in the source.
  const describe = (node: Node | null | undefined): string => {
    if (!node) return 'a removed node'
    const text = JSON.stringify((node.textContent ?? '').trim().slice(0, 40))
    if (!(node instanceof Element)) return `text ${text} in ${describe(node.parentElement)}`
    const classes = [...node.classList].map((c) => `.${c}`).join('')
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes} ${text}`
  }
  type LayoutShift = PerformanceEntry & {
    value: number
    hadRecentInput: boolean
    sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      recorded.shifts.push({
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        startTime: Math.round(entry.startTime),
        sources: entry.sources.map((s) => `${describe(s.node)} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.tasks.push({ startTime: Math.round(entry.startTime), duration: Math.round(entry.duration) })
  }).observe({ type: 'longtask', buffered: true })
  type Script = { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number }
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { scripts: Script[] })[]) {
        recorded.frames.push({
          startTime: Math.round(entry.startTime),
          duration: Math.round(entry.duration),
          scripts: entry.scripts.map((s) => `${Math.round(s.duration)} ms ${s.invoker} ${s.sourceFunctionName || '(anonymous)'} ${s.sourceURL}`),
        })
      }
    }).observe({ type: 'long-animation-frame', buffered: true })
  }
}

/** Resolves when the main thread has had an idle moment, so loading work is over. */
function idle(page: Page) {
  return page.evaluate(() => new Promise<number>((resolve) => requestIdleCallback(() => resolve(performance.now()), { timeout: 3000 })))
}

const atBottom = (page: Page) => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)

/**
 * Wheel steps of 150 px, 120 ms apart (about a mouse wheel's notch and a
 * person's pace), until the bottom is reached.
 */
async function wheelToBottom(page: Page) {
  const viewport = page.viewportSize()!
  await page.mouse.move(viewport.width / 2, viewport.height / 2)
  for (let step = 0; step < 400 && !(await atBottom(page)); step++) {
    await page.mouse.wheel(0, 150)
    await page.waitForTimeout(120)
  }
}

/**
 * Finger swipes of 300 px: touchstart, ten 30 px moves a frame apart,
 * touchend, as a thumb does. Raw CDP touch events scroll natively in
 * headless Chromium; its synthesized touch gestures do not.
 */
async function swipeToBottom(page: Page) {
  const x = page.viewportSize()!.width / 2
  const from = page.viewportSize()!.height * 0.7
  const cdp = await page.context().newCDPSession(page)
  for (let step = 0; step < 400 && !(await atBottom(page)); step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] })
    for (let y = from - 30; y >= from - 300; y -= 30) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
      await page.waitForTimeout(16)
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await page.waitForTimeout(120)
  }
  await cdp.detach()
}

test('scrolling the home page to the bottom: no long task, no layout shift', async ({ page }) => {
  test.setTimeout(90_000)
  await page.addInitScript(installObservers)
  await page.goto('/')
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  const scrollStart = await idle(page)

  if (test.info().project.use.hasTouch) await swipeToBottom(page)
  else await wheelToBottom(page)
  expect(await atBottom(page), 'the scroll reached the bottom of the page').toBe(true)
  // Let the last frames of smooth scrolling and scroll-driven effects finish.
  await page.waitForTimeout(1000)
  await idle(page)

  const { shifts, tasks, frames } = (await page.evaluate(() => window.recorded))!
  const total = (list: Shift[]) => list.reduce((sum, s) => sum + s.value, 0)
  const tasksWhileScrolling = tasks.filter((t) => t.startTime + t.duration > scrollStart)
  const framesAround = (t: Task) => frames.filter((f) => f.startTime <= t.startTime + t.duration && t.startTime <= f.startTime + f.duration)
  // Scrolling is not "recent input", so no shift during it is excused.
  const shiftsWhileScrolling = shifts.filter((s) => s.startTime >= scrollStart)
  const cls = total(shifts.filter((s) => !s.hadRecentInput))
  test.info().annotations.push({
    type: 'figures',
    description: JSON.stringify({
      scrollMs: Math.round((await page.evaluate(() => performance.now())) - scrollStart),
      longestTaskWhileScrolling: Math.max(0, ...tasksWhileScrolling.map((t) => t.duration)),
      longestTaskWhileLoading: Math.max(0, ...tasks.filter((t) => !tasksWhileScrolling.includes(t)).map((t) => t.duration)),
      layoutShiftWhileScrolling: total(shiftsWhileScrolling),
      cls,
    }),
  })

  // Soft, so that one run reports every broken figure.
  const taskReport = tasksWhileScrolling.map((t) => ({ ...t, frames: framesAround(t) }))
  expect.soft(taskReport, `long tasks while scrolling (ms since navigation; scrolling began at ${Math.round(scrollStart)}), with the long animation frames around them:\n${JSON.stringify(taskReport, null, 2)}`).toEqual([])
  expect.soft(total(shiftsWhileScrolling), `layout shifts while scrolling:\n${JSON.stringify(shiftsWhileScrolling, null, 2)}`).toBe(0)
  expect(cls, `cumulative layout shift over the whole visit, from:\n${JSON.stringify(shifts, null, 2)}`).toBe(0)
})
