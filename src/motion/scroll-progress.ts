import { useCallback, useEffect, type RefObject } from 'react'

/** How far the page has scrolled through an element, from 0 (its top at
 *  the top of the viewport) to 1 (its bottom at the bottom of the viewport). */
export function scrollProgressOf(el: HTMLElement): number {
  const rect = el.getBoundingClientRect()
  const travel = rect.height - window.innerHeight
  return travel > 0 ? Math.min(1, Math.max(0, -rect.top / travel)) : rect.top <= 0 ? 1 : 0
}

/**
 * How far a sticky element has travelled through its parent: 0 when it
 * sticks (its top at its CSS `top`), 1 when the parent's end lets it go.
 * Effects measured this way run exactly while the element holds still.
 */
export function stickyProgressOf(el: HTMLElement): number {
  const track = el.parentElement
  if (!track) return 0
  const stickAt = parseFloat(getComputedStyle(el).top) || 0
  const top = track.getBoundingClientRect().top
  const travel = track.offsetHeight - el.offsetHeight
  return travel > 0 ? Math.min(1, Math.max(0, (stickAt - top) / travel)) : top <= stickAt ? 1 : 0
}

type Measure = (el: HTMLElement) => number

/**
 * Calls `onProgress` with the element's scroll progress now, then on scroll
 * and resize at most once per frame, from passive listeners. Returns the
 * function that stops it.
 */
export function watchScrollProgress(el: HTMLElement, onProgress: (progress: number) => void, measureOf: Measure = scrollProgressOf): () => void {
  let frame = 0
  const measure = () => {
    frame = 0
    onProgress(measureOf(el))
  }
  const onScroll = () => {
    frame ||= requestAnimationFrame(measure)
  }
  measure()
  window.addEventListener('scroll', onScroll, { passive: true })
  window.addEventListener('resize', onScroll, { passive: true })
  return () => {
    cancelAnimationFrame(frame)
    window.removeEventListener('scroll', onScroll)
    window.removeEventListener('resize', onScroll)
  }
}

/**
 * Scroll progress written to the element's `--progress` custom property,
 * for effects that CSS can compute by itself: no animation library and no
 * React render per frame. `measure` picks the progress (default: through
 * the viewport; stickyProgressOf: while a sticky element holds still).
 */
export function useScrollProgressVar(ref: RefObject<HTMLElement | null>, enabled = true, measure: Measure = scrollProgressOf): void {
  const set = useCallback((progress: number) => ref.current?.style.setProperty('--progress', progress.toFixed(4)), [ref])
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled) return
    return watchScrollProgress(el, set, measure)
  }, [ref, enabled, set, measure])
}
