import { useCallback, type RefObject } from 'react'
import { useSpringValue, type SpringValue } from '@react-spring/web'
import { useScrollProgressEffect } from './scroll-progress'

/**
 * Scroll progress through an element as a react-spring value, for effects
 * that need JavaScript per frame (the zoom gallery); animated styles read it
 * without re-rendering React.
 */
export function useScrollProgress(ref: RefObject<HTMLElement | null>, enabled = true): SpringValue<number> {
  const progress = useSpringValue<number>(0, { immediate: true })
  const set = useCallback((p: number) => progress.set(p), [progress])
  useScrollProgressEffect(ref, enabled, set)
  return progress
}
