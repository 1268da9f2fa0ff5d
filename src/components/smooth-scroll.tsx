import { useEffect } from 'react'
import { motion, reducedMotionQuery } from '../motion/constants'

const triggers = ['wheel', 'touchstart'] as const

/**
 * Smooth wheel and touch scrolling with Lenis: lerp 0.1, wheel and touch
 * multipliers 1; Lenis itself debounces resizes by 250 ms and resets its
 * velocity 400 ms after scrolling stops, the spec's values. Its code loads
 * on the first wheel or touch, so no page pays for it before the visitor
 * scrolls, and never for visitors who prefer reduced motion.
 */
export function SmoothScroll() {
  useEffect(() => {
    if (window.matchMedia(reducedMotionQuery).matches) return
    let cancelled = false
    let destroy = () => {}
    const start = () => {
      triggers.forEach((type) => window.removeEventListener(type, start))
      void import('lenis').then(({ default: Lenis }) => {
        if (cancelled) return
        const { lerp, wheelMultiplier, touchMultiplier } = motion.smoothScroll
        const lenis = new Lenis({ lerp, wheelMultiplier, touchMultiplier, autoRaf: true, anchors: true })
        destroy = () => lenis.destroy()
      })
    }
    triggers.forEach((type) => window.addEventListener(type, start, { passive: true }))
    return () => {
      cancelled = true
      triggers.forEach((type) => window.removeEventListener(type, start))
      destroy()
    }
  }, [])
  return null
}
