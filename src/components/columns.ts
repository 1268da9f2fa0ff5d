import type { CSSProperties } from 'react'
import { columnsFor } from '../shared/grid'

/**
 * The columns for each named width as CSS custom properties, with how many
 * columns the last item spans to fill its row: `{ wide: 4 }` for 7 items
 * gives `--cols-wide: 4` and `--last-span-wide: 2`.
 */
export function columnVars(count: number, max: Record<string, number>): CSSProperties {
  const vars: Record<string, number> = {}
  for (const [name, most] of Object.entries(max)) {
    const cols = columnsFor(count, most)
    const left = count % cols
    vars[`--cols-${name}`] = cols
    vars[`--last-span-${name}`] = left ? cols - left + 1 : 1
  }
  return vars as CSSProperties
}
