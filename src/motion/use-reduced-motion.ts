import { useEffect, useState } from 'react'
import { useMedia } from 'react-use'
import { reducedMotionQuery } from './constants'

/**
 * Whether the app already runs: a page reached by a link within the site
 * renders fresh, with no prerendered HTML to match, so it can start from
 * the browser's real state. (HydrationMarker sets the attribute.)
 */
const appRunning = () => typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-hydrated') === true

/**
 * True when the visitor asked for less motion. False on the server and on
 * the first render of a hydrating page (so hydration matches), then the
 * real value; a page the app renders later knows it from its first render.
 */
export function useReducedMotion(): boolean {
  return useMedia(reducedMotionQuery, appRunning() ? window.matchMedia(reducedMotionQuery).matches : false)
}

/**
 * True once the page has hydrated, unless the visitor asked for less
 * motion: for effects that rearrange content (a stack, a zoom), which the
 * prerendered HTML, a page without JavaScript and reduced motion show as
 * plain content instead.
 */
export function useMotionAfterHydration(): boolean {
  const reduced = useReducedMotion()
  // A page the app renders later is laid out as it will stay from its
  // first render: Back restores its scroll position on that first layout,
  // and a stack that grew a render later left it hundreds of pixels short.
  const [hydrated, setHydrated] = useState(appRunning)
  useEffect(() => setHydrated(true), [])
  return hydrated && !reduced
}
