/** Interactions that need the live page at once. */
const interactions = ['pointerdown', 'keydown', 'touchstart'] as const

/** How long to wait for the browser to report a paint before starting anyway (a page with nothing to paint, a browser that never says). */
const paintTimeoutMs = 3000

/**
 * Resolves once the page has loaded and its largest picture or text has
 * been painted, or at the visitor's first tap, click or key press if that
 * comes sooner.
 *
 * Why wait: the prerendered HTML is already complete and readable, so the
 * app's JavaScript is only needed for motion and interaction. Fetching it
 * alongside the hero image would split a slow connection's bandwidth and
 * paint the largest image later; fetched after, the page paints as fast as
 * the same HTML without scripts.
 *
 * Why the load event is not enough: it can come before the first paint (the
 * web font holds text back for up to 100 ms, and the still may be decoded
 * after load), and then the app's scripts would compete with that paint.
 * So it also waits for the browser's own report of the largest paint, or of
 * the first paint where that is all a browser reports.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let finished = false
    const cleanups: (() => void)[] = []
    const done = () => {
      if (finished) return
      finished = true
      cleanups.forEach((cleanup) => cleanup())
      resolve()
    }
    interactions.forEach((type) => {
      window.addEventListener(type, done, { capture: true, passive: true })
      cleanups.push(() => window.removeEventListener(type, done, true))
    })
    // A frame callback runs before that frame is painted; a task queued
    // from it runs after the paint.
    const afterNextFrame = () => requestAnimationFrame(() => setTimeout(done, 0))
    Promise.all([loaded(cleanups), painted(cleanups)]).then(afterNextFrame, afterNextFrame)
  })
}

function loaded(cleanups: (() => void)[]): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => {
    const onLoad = () => resolve()
    window.addEventListener('load', onLoad, { once: true })
    cleanups.push(() => window.removeEventListener('load', onLoad))
  })
}

/** The first report of the largest paint (or, failing that, the first paint); at most paintTimeoutMs. */
function painted(cleanups: (() => void)[]): Promise<void> {
  const supported = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? [])
  const type = supported.includes('largest-contentful-paint') ? 'largest-contentful-paint' : supported.includes('paint') ? 'paint' : undefined
  if (!type) return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().length) resolve()
    })
    // buffered: a paint that happened before this script ran counts too.
    observer.observe({ type, buffered: true })
    const timer = setTimeout(resolve, paintTimeoutMs)
    cleanups.push(() => {
      observer.disconnect()
      clearTimeout(timer)
    })
  })
}
