import { useEffect, type RefObject } from 'react'

/**
 * Where the window must be scrolled for the `index`th card of a stack to be
 * the one in front, whole and uncovered.
 */
export type FrontScroll = (list: HTMLElement, index: number) => number

/**
 * Keyboard focus is never hidden under a stack (WCAG 2.2, focus not
 * obscured): when focus moves into a card that other cards cover or have
 * flipped away, the page scrolls to where that card is the one in front, as
 * if the visitor had scrolled there. Every link stays in the tab order; it is
 * shown when it is reached. The list's children are the cards.
 */
export function useFocusBringsCardToFront(list: RefObject<HTMLElement | null>, enabled: boolean, frontScroll: FrontScroll): void {
  useEffect(() => {
    const el = list.current
    if (!el || !enabled) return
    const onFocusIn = (event: FocusEvent) => {
      const card = [...el.children].findIndex((child) => child.contains(event.target as Node))
      if (card < 0) return
      const top = Math.round(frontScroll(el, card))
      if (Math.abs(window.scrollY - top) > 1) window.scrollTo({ top, behavior: 'instant' })
    }
    el.addEventListener('focusin', onFocusIn)
    return () => el.removeEventListener('focusin', onFocusIn)
  }, [list, enabled, frontScroll])
}

/**
 * Cards pinned one above the other (position: sticky, each with its own
 * top): card i is in front from the moment it sticks until the next one
 * lands on it. Sticky boxes keep their place in the flow, so card i sticks
 * when the list has scrolled by the heights of the cards before it.
 */
export const stickyPileFront: FrontScroll = (list, index) => {
  const items = [...list.children] as HTMLElement[]
  const before = items.slice(0, index).reduce((sum, item) => sum + item.offsetHeight, 0)
  // The list's own top in the flow: where its first (unstuck) card starts.
  const listTop = list.getBoundingClientRect().top + window.scrollY
  const stickAt = parseFloat(getComputedStyle(items[index]!).top) || 0
  return listTop + before - stickAt
}

/**
 * A deck in a sticky frame whose cards flip away as the frame travels
 * through its track (method-stack.module.css: card i has flipped by
 * progress x (cards - 0.5) - i): card i is in front, untouched, at progress
 * i / (cards - 0.5).
 */
export const flippingDeckFront: FrontScroll = (frame, index) => {
  const track = frame.parentElement!
  const progress = index / (frame.children.length - 0.5)
  const stickAt = parseFloat(getComputedStyle(frame).top) || 0
  const travel = track.offsetHeight - frame.offsetHeight
  return track.getBoundingClientRect().top + window.scrollY - stickAt + progress * travel
}
