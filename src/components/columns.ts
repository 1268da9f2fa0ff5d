import type { CSSProperties } from 'react'

/**
 * How many columns lay out `count` items at most `max` to a row: as few
 * rows as possible, each as full as the others (4 in rows of 3 is 2 + 2 and
 * 5 is 3 + 2, never 3 + 1). A last row can still come out shorter (7 in
 * rows of 3); every grid block then either centres it or lets its last item
 * span the rest of the row, so no row ends in an empty gap on one side
 * (tests/e2e/layout.spec.ts measures every count each schema allows).
 */
export function columnsFor(count: number, max: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, Math.ceil(count / max))))
}

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
