import { useEffect, useState, type RefObject } from 'react'
import { motion } from './constants'
import { msSinceFirstPaint } from './first-paint'

/**
 * Calls `onShown` once something has stayed at least `threshold` visible for
 * `delayMs` without a break. Feed it intersection ratios with `observe`.
 */
export function createDwellTimer(onShown: () => void, threshold: number = motion.connect.threshold, delayMs: number = motion.connect.delayMs) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let done = false
  return {
    /** `seenForMs`: how long it has already been visible (the first paint showed it before this timer existed). */
    observe(ratio: number, seenForMs = 0): void {
      if (done) return
      if (ratio >= threshold) {
        timer ??= setTimeout(
          () => {
            done = true
            onShown()
          },
          Math.max(0, delayMs - seenForMs),
        )
      } else {
        clearTimeout(timer)
        timer = undefined
      }
    },
    stop(): void {
      clearTimeout(timer)
      timer = undefined
    },
  }
}

/**
 * True once the element has been at least half visible for 1.5 s (the home
 * page's Connect block), counted from the first paint when it was visible
 * then. False on the server and before hydration.
 */
export function useShownAfterDwell(ref: RefObject<Element | null>): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const dwell = createDwellTimer(() => setShown(true))
    // Visible at hydration on a page still where it was painted (not
    // scrolled): it has been visible since the first paint, and the clock
    // started then, not when the app did.
    const unscrolled = window.scrollY === 0
    let first = true
    const observer = new IntersectionObserver(
      ([entry]) => {
        dwell.observe(entry?.isIntersecting ? entry.intersectionRatio : 0, first && unscrolled ? msSinceFirstPaint() : 0)
        first = false
      },
      { threshold: [0, motion.connect.threshold, 1] },
    )
    observer.observe(el)
    return () => {
      observer.disconnect()
      dwell.stop()
    }
  }, [ref])
  return shown
}
