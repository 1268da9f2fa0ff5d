import { useMedia } from 'react-use'
import { reducedMotionQuery } from './constants'

/**
 * True when the visitor asked for less motion. False on the server and on
 * the first client render (so hydration matches), then the real value.
 */
export function useReducedMotion(): boolean {
  return useMedia(reducedMotionQuery, false)
}
