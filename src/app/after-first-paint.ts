/** Interactions that need the live page at once. */
const interactions = ['pointerdown', 'keydown', 'touchstart'] as const

/**
 * Resolves once the page has loaded and the frame after it has been painted,
 * or at the visitor's first tap, click or key press if that comes sooner.
 *
 * Why wait: the prerendered HTML is already complete and readable, so the
 * app's JavaScript is only needed for motion and interaction. Fetching it
 * alongside the hero image would split a slow connection's bandwidth and
 * paint the largest image later; fetched after, the page paints as fast as
 * the same HTML without scripts.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      interactions.forEach((type) => window.removeEventListener(type, done, true))
      window.removeEventListener('load', afterLoad)
      resolve()
    }
    // A frame callback runs before that frame is painted; a task queued
    // from it runs after the paint.
    const afterLoad = () => requestAnimationFrame(() => setTimeout(done, 0))
    interactions.forEach((type) => window.addEventListener(type, done, { capture: true, passive: true }))
    if (document.readyState === 'complete') afterLoad()
    else window.addEventListener('load', afterLoad, { once: true })
  })
}
