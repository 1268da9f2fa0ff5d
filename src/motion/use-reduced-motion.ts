import { useEffect, useState } from 'react'
import { useMedia } from 'react-use'
import { reducedMotionQuery } from './constants'

/**
 * True when the visitor asked for less motion. False on the server and on
 * the first client render (so hydration matches), then the real value.
 */
export function useReducedMotion(): boolean {
  return useMedia(reducedMotionQuery, false)
}

/**
 * True once the page has hydrated, unless the visitor asked for less
 * motion: for effects that rearrange content (a stack, a zoom), which the
 * prerendered HTML, a page without JavaScript and reduced motion show as
 * plain content instead.
 */
export function useMotionAfterHydration(): boolean {
  const reduced = useReducedMotion()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated && !reduced
}
