/**
 * When the page was first painted, on performance.now()'s clock: what the
 * visitor has been looking at since then is what the prerendered HTML
 * showed, so motion that starts at hydration continues from that moment
 * instead of starting over. 0 (the navigation's start) where the browser
 * does not report paints.
 */
export function firstPaintTime(): number {
  const [paint] = performance.getEntriesByName('first-contentful-paint')
  return paint?.startTime ?? 0
}

/** How long the visitor has seen the first paint. */
export const msSinceFirstPaint = () => Math.max(0, performance.now() - firstPaintTime())
