import { useEffect, type RefObject } from 'react'
import { useSpringValue, type SpringValue } from '@react-spring/web'

/**
 * How far the page has scrolled through an element, from 0 (its top at the
 * top of the viewport) to 1 (its bottom at the bottom of the viewport), as a
 * spring value that animated styles read without re-rendering React. It is
 * measured once per frame at most, in a passive listener.
 */
export function useScrollProgress(ref: RefObject<HTMLElement | null>, enabled = true): SpringValue<number> {
  const progress = useSpringValue<number>(0, { immediate: true })
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled) return
    let frame = 0
    const measure = () => {
      frame = 0
      const rect = el.getBoundingClientRect()
      const travel = rect.height - window.innerHeight
      const p = travel > 0 ? Math.min(1, Math.max(0, -rect.top / travel)) : rect.top <= 0 ? 1 : 0
      progress.set(p)
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
  }, [ref, enabled, progress])
  return progress
}
