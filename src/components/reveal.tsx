import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react'
import { useReducedMotion } from '../motion/use-reduced-motion'
import styles from './reveal.module.css'

type Effect = 'rise' | 'zoom'

/**
 * Animates its content in when it first enters the viewport. Content is
 * visible in the prerendered HTML and stays visible without JavaScript,
 * under reduced motion, and when it is already on screen at load: only an
 * element found below the fold after hydration is hidden, then revealed once
 * `threshold` of it is visible.
 */
export function Reveal({
  as: Tag = 'div',
  threshold = 0.2,
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
    if (!el || reduced || typeof IntersectionObserver === 'undefined') return
    let first = true
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        const visible = entry.isIntersecting && entry.intersectionRatio >= threshold
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
      { threshold: [0, threshold] },
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
