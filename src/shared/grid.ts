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
 * The blocks that lay a list out in rows: which list, the most items a row
 * holds on the widest screens, and what a shorter last row does. The
 * components take their widest count from here and the catalogue's layout
 * advice is worked out from it, so the two cannot disagree.
 */
export const gridBlocks = {
  facts: { list: 'facts', unit: 'figure', widest: 4, shortRow: 'spans' },
  steps: { list: 'steps', unit: 'step', widest: 5, shortRow: 'spans' },
  testimonials: { list: 'items', unit: 'testimonial', widest: 3, shortRow: 'centred' },
  /** A grid only when still (reduced motion, no JavaScript): the first picture takes a row of its own. */
  'zoom-gallery': { list: 'images', unit: 'picture', widest: 3, shortRow: 'spans', ownRow: 1 },
} as const satisfies Record<string, { list: string; unit: string; widest: number; shortRow: 'spans' | 'centred'; ownRow?: number }>

/** The counts from `min` to `max` whose rows all come out full on the widest screens. */
export function fullRowCounts(min: number, max: number, widest: number, ownRow = 0): number[] {
  const counts: number[] = []
  for (let count = min; count <= max; count++) {
    const inRows = count - ownRow
    if (inRows <= 0 || inRows % columnsFor(inRows, widest) === 0) counts.push(count)
  }
  return counts
}
