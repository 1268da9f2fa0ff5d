import type { CSSProperties } from 'react'
import { columnVars } from './columns'
import columns from './columns.module.css'

/** The widths columns.module.css lays a grid out at. */
export type GridWidth = 'narrow' | 'mid' | 'wide'

/**
 * The class and style of a grid of `count` items with at most `max[width]`
 * columns at each width it names: the block's own class, the shared column
 * rules for those widths, and the variables they read.
 */
export function columnGrid(count: number, max: Partial<Record<GridWidth, number>>, className: string | undefined): { className: string; style: CSSProperties } {
  const widths = Object.keys(max) as GridWidth[]
  return { className: [className, ...widths.map((width) => columns[width])].filter(Boolean).join(' '), style: columnVars(count, max as Record<string, number>) }
}
