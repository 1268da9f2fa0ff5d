import { useEffect } from 'react'
import { motion, reducedMotionQuery } from '../motion/constants'

/**
 * Smooth wheel and touch scrolling with Lenis: lerp 0.1, wheel and touch
 * multipliers 1; Lenis itself debounces resizes by 250 ms and resets its
 * velocity 400 ms after scrolling stops, the spec's values. Loaded after
 * hydration, and never for visitors who prefer reduced motion.
 */
export function SmoothScroll() {
  useEffect(() => {
    if (window.matchMedia(reducedMotionQuery).matches) return
    let cancelled = false
    let destroy = () => {}
    void import('lenis').then(({ default: Lenis }) => {
      if (cancelled) return
      const { lerp, wheelMultiplier, touchMultiplier } = motion.smoothScroll
      const lenis = new Lenis({ lerp, wheelMultiplier, touchMultiplier, autoRaf: true, anchors: true })
      destroy = () => lenis.destroy()
    })
    return () => {
      cancelled = true
      destroy()
    }
  }, [])
  return null
}
