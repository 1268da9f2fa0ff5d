/**
 * Scrolling a page from top to bottom as a person does, with the browser's
 * own record of it: layout shifts over the whole visit, long tasks, and the
 * long animation frames that say which script a long task ran. The browser
 * test asserts the shifts (nothing may move on its own); the bench reports
 * the long tasks beside their 50 ms budget (a duration flakes as a test on a
 * shared machine).
 */
import type { Page } from '@playwright/test'

export interface Shift {
  value: number
  hadRecentInput: boolean
  startTime: number
  sources: string[]
}

export interface Task {
  startTime: number
  duration: number
}

/** The scripts a long animation frame ran, for saying what a long task was. */
export interface Frame extends Task {
  scripts: string[]
}

export interface Recorded {
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
export function installObservers() {
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
export function idle(page: Page) {
  return page.evaluate(() => new Promise<number>((resolve) => requestIdleCallback(() => resolve(performance.now()), { timeout: 3000 })))
}

export const atBottom = (page: Page) => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)

/**
 * Wheel steps of 150 px, 120 ms apart (about a mouse wheel's notch and a
 * person's pace), until the bottom is reached.
 */
export async function wheelToBottom(page: Page) {
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
export async function swipeToBottom(page: Page) {
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

/** What one scroll to the bottom recorded, split at the moment scrolling began. */
export interface ScrollRecord {
  reachedBottom: boolean
  scrollStart: number
  recorded: Recorded
  tasksWhileScrolling: Task[]
  shiftsWhileScrolling: Shift[]
  /** Cumulative layout shift over the whole visit (shifts without recent input). */
  cls: number
}

export const totalShift = (list: Shift[]) => list.reduce((sum, s) => sum + s.value, 0)

/**
 * Opens `url` with the observers installed, waits for the app and the
 * network to settle, scrolls to the bottom by wheel or by finger, and lets
 * the last frames finish. `whenReady` runs after loading (the test waits
 * for hydration there).
 */
export async function scrollToBottom(page: Page, url: string, touch: boolean, whenReady: (page: Page) => Promise<unknown>): Promise<ScrollRecord> {
  // tsx (the bench) names arrow functions through a `__name` helper the page does not have.
  await page.addInitScript('globalThis.__name ??= (f) => f')
  await page.addInitScript(installObservers)
  await page.goto(url)
  await whenReady(page)
  await page.waitForLoadState('networkidle')
  const scrollStart = await idle(page)
  if (touch) await swipeToBottom(page)
  else await wheelToBottom(page)
  const reachedBottom = await atBottom(page)
  // Let the last frames of smooth scrolling and scroll-driven effects finish.
  await page.waitForTimeout(1000)
  await idle(page)
  const recorded = (await page.evaluate(() => window.recorded))!
  return {
    reachedBottom,
    scrollStart,
    recorded,
    tasksWhileScrolling: recorded.tasks.filter((t) => t.startTime + t.duration > scrollStart),
    // Scrolling is not "recent input", so no shift during it is excused.
    shiftsWhileScrolling: recorded.shifts.filter((s) => s.startTime >= scrollStart),
    cls: totalShift(recorded.shifts.filter((s) => !s.hadRecentInput)),
  }
}

/** The long animation frames that overlap a task, for saying what it ran. */
export const framesAround = (record: ScrollRecord, t: Task) => record.recorded.frames.filter((f) => f.startTime <= t.startTime + t.duration && t.startTime <= f.startTime + f.duration)
