import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { turnOnBrandFontIfFetched } from './brand-font'

/**
 * Inter, once fetched, is turned on as a client-side navigation shows a new
 * page, before that page is painted: nothing the visitor was reading
 * changes its font. A link to an anchor on the same page changes nothing.
 */
export function useBrandFontOnNavigation() {
  const { pathname } = useLocation()
  const shown = useRef(pathname)
  useLayoutEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    turnOnBrandFontIfFetched()
  }, [pathname])
}
