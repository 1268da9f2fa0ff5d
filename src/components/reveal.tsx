import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react'
import { motion } from '../motion/constants'
import { useReducedMotion } from '../motion/use-reduced-motion'
import styles from './reveal.module.css'

type Effect = 'rise' | 'zoom'

/**
 * Animates its content in when it first enters the viewport. Content is
 * visible in the prerendered HTML and stays visible without JavaScript,
 * under reduced motion, and when it is already on screen at load: only an
 * element found below the fold after hydration is hidden, then revealed once
 * `threshold` of it is visible, or, for one taller than the screen, once it
 * fills that share of the screen (a tall section could never be 80% in view).
 */
export function Reveal({
  as: Tag = 'div',
  threshold = motion.inView.section,
  effect = 'rise',
  delayMs = 0,
  className,
  children,
}: {
  as?: ElementType
  threshold?: number
  effect?: Effect
  delayMs?: number
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  const [state, setState] = useState<'static' | 'waiting' | 'shown'>('static')
  const reduced = useReducedMotion()

  useEffect(() => {
    const el = ref.current
    // Reduced motion is known only after the first render: undo a wait
    // that the first effect may have started.
    if (reduced) setState('static')
    if (!el || reduced || typeof IntersectionObserver === 'undefined') return
    let first = true
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        const screen = entry.rootBounds?.height ?? window.innerHeight
        const visible = entry.isIntersecting && (entry.intersectionRatio >= threshold || entry.intersectionRect.height >= threshold * screen)
        if (first) {
          first = false
          if (entry.isIntersecting || entry.boundingClientRect.top < 0) {
            observer.disconnect() // already on screen (or scrolled past): leave it be
            return
          }
          setState('waiting')
          return
        }
        if (visible) {
          setState('shown')
          observer.disconnect()
        }
      },
      { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].filter((t) => t < threshold).concat(threshold) },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [threshold, reduced])

  return (
    <Tag
      ref={ref}
      className={`${styles.reveal} ${className ?? ''}`}
      data-reveal={state === 'static' ? undefined : state}
      data-effect={effect}
      style={delayMs ? { transitionDelay: `${delayMs}ms` } : undefined}
    >
      {children}
    </Tag>
  )
}
