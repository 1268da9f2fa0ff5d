/**
 * Where the keyboard goes when a panel opens and closes: a panel opened
 * from a toggle (Publish, Changes, History) takes focus on its heading, and
 * when it closes focus goes back to what had it before (the toggle), unless
 * the author has moved on to something else meanwhile. Without this, focus
 * stays on the toggle (the panel is dozens of Tabs away) or, closed from
 * inside, is lost to the page's top.
 */
import { useCallback, useEffect, useRef } from 'react'

/** A ref callback for the panel's heading (give it tabIndex={-1}): focused once, the first time it is there. */
export function useTakeFocus(): (element: HTMLElement | null) => void {
  // What had focus when the panel opened: read while it first renders, before its heading takes focus.
  const before = useRef<Element | null | undefined>(undefined)
  if (before.current === undefined) before.current = document.activeElement
  const taken = useRef(false)
  useEffect(() => {
    return () => {
      // Closed: the panel's elements are gone, so focus fell to the page itself unless the author put it elsewhere.
      const now = document.activeElement
      if ((!now || now === document.body) && before.current instanceof HTMLElement && before.current.isConnected) before.current.focus()
    }
  }, [])
  return useCallback((element: HTMLElement | null) => {
    if (!element || taken.current) return
    taken.current = true
    element.focus()
  }, [])
}

/** A ref callback that focuses what it is given when it first appears (the outcome of a publish, so the keyboard is where the news is). */
export const focusWhenShown = (element: HTMLElement | null) => element?.focus()
