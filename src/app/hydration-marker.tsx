import { useEffect } from 'react'

/**
 * Marks #root with data-hydrated once React has taken over the prerendered
 * HTML. Renders nothing, so server and client output stay identical; tests
 * (and CSS, if ever needed) can tell a live page from static HTML.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '')
  }, [])
  return null
}
