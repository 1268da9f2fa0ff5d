/**
 * One Tab stop for a row or grid of buttons (the words of a heading, a
 * hundred pictures): Tab reaches the group once, on the chosen item (else
 * the first), and the arrow keys, Home and End move between its items, as
 * WAI-ARIA's roving tabindex does. Each item takes `itemProps(i)`; the group
 * takes `onKeyDown`.
 */
import { useRef, useState, type KeyboardEvent } from 'react'

const steps: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => Math.min(at + 1, count - 1),
  ArrowDown: (at, count) => Math.min(at + 1, count - 1),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, count) => count - 1,
}

export function useRovingFocus(count: number, chosen: number | undefined) {
  const [moved, setMoved] = useState<number>()
  const items = useRef<(HTMLElement | null)[]>([])
  // The item Tab lands on: the one last moved to, else the chosen one, else the first.
  const current = Math.min(moved ?? chosen ?? 0, Math.max(count - 1, 0))
  return {
    itemProps: (i: number) => ({
      tabIndex: i === current ? 0 : -1,
      ref: (element: HTMLElement | null) => void (items.current[i] = element),
      onFocus: () => setMoved(i),
    }),
    onKeyDown: (event: KeyboardEvent) => {
      const step = steps[event.key]
      if (!step || !count) return
      event.preventDefault()
      const next = step(current, count)
      setMoved(next)
      items.current[next]?.focus()
    },
  }
}
