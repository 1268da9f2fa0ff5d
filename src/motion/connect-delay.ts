import { useEffect, useState, type RefObject } from 'react'
import { motion } from './constants'

/**
 * Calls `onShown` once something has stayed at least `threshold` visible for
 * `delayMs` without a break. Feed it intersection ratios with `observe`.
 */
export function createDwellTimer(onShown: () => void, threshold: number = motion.connect.threshold, delayMs: number = motion.connect.delayMs) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let done = false
  return {
    observe(ratio: number): void {
      if (done) return
      if (ratio >= threshold) {
        timer ??= setTimeout(() => {
          done = true
          onShown()
        }, delayMs)
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
 * page's Connect block). False on the server and before hydration.
 */
export function useShownAfterDwell(ref: RefObject<Element | null>): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const dwell = createDwellTimer(() => setShown(true))
    const observer = new IntersectionObserver(([entry]) => dwell.observe(entry?.isIntersecting ? entry.intersectionRatio : 0), {
      threshold: [0, motion.connect.threshold, 1],
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      dwell.stop()
    }
  }, [ref])
  return shown
}
