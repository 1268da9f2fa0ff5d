import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { mainId } from '../shared/layout-ids'

/**
 * After a client-side navigation, focus moves to the new page's main heading
 * (or to <main> if it has none), as accessible routers do: a screen reader
 * announces the new page, and the next Tab starts from its content instead
 * of from the link that was followed, now gone, or from <body>. A link to
 * an anchor (the skip link, #section) keeps the browser's own handling.
 */
export function useFocusOnNavigation() {
  const location = useLocation()
  const shown = useRef(location.key)
  useEffect(() => {
    if (shown.current === location.key) return
    shown.current = location.key
    if (location.hash) return
    const main = document.getElementById(mainId)
    const heading = main?.querySelector<HTMLElement>('h1')
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
    ;(heading ?? main)?.focus({ preventScroll: true })
  }, [location.key, location.hash])
}
