import { diffArrays, type ChangeObject } from 'diff'

/**
 * At most this many lines may differ between a file and its printing for a
 * change to be placed among its lines: a diff's cost grows with the lines
 * that differ, and a file that different shares little with its printing.
 */
const differingAtMost = 1_000

/** Where a file's printed lines and its written lines are in step. */
export interface LineAlignment {
  /** The last place at or before printed line `line`: [printed, written]; of two at the same printed line, the later written one (written lines the printer drops stay before a change there). */
  atOrBefore(line: number): [number, number]
  /** The first place at or after printed line `line`; of two at the same printed line, the earlier written one. */
  atOrAfter(line: number): [number, number]
  /** The run of written lines the printer lays out otherwise that touches written lines [from, to) or the place between them (1-based first and last), if any. */
  otherwiseAround(from: number, to: number): [number, number] | undefined
}

/**
 * Line up `printed` (a file as the printer writes it) with `written` (the
 * file as its author wrote it), by a line diff (jsdiff's Myers diff). They
 * are in step at the edges of each line the printer reproduced exactly,
 * and at each line of a run the printer wrote as many lines for (spacing or
 * quoting of its own, line for line). A run of another number of lines (a
 * text broken over two lines, printed on one) is in step only at its edges.
 * When more than `differingAtMost` lines differ, the two are in step line
 * for line if they have as many lines (a file spaced its own way
 * throughout), else undefined.
 */
export function alignLines(printed: readonly string[], written: readonly string[]): LineAlignment | undefined {
  const runs = diffArrays([...printed], [...written], { maxEditLength: differingAtMost }) ?? (printed.length === written.length ? lineForLine(printed, written) : undefined)
  if (!runs) return undefined
  const places: [number, number][] = [[0, 0]]
  const exact = new Uint8Array(written.length)
  let [p, w] = [0, 0]
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!
    if (!run.added && !run.removed) {
      for (let n = 0; n < run.count; n++) exact[w + n] = 1
      for (let n = 0; n < run.count; n++) places.push([++p, ++w])
      continue
    }
    // A run of printed lines (removed from the printing) next to one of written lines (added): one change.
    const next = runs[i + 1]
    const pair = next && (next.added || next.removed) && next.added !== run.added ? next : undefined
    if (pair) i++
    const printedCount = run.removed ? run.count : (pair?.count ?? 0)
    const writtenCount = run.added ? run.count : (pair?.count ?? 0)
    if (printedCount === writtenCount) for (let n = 0; n < printedCount; n++) places.push([++p, ++w])
    else {
      p += printedCount
      w += writtenCount
      places.push([p, w])
    }
  }
  return {
    atOrBefore(line) {
      let found = places[0]!
      for (const place of places) {
        if (place[0] > line) break
        found = place
      }
      return found
    },
    atOrAfter(line) {
      return places.find((place) => place[0] >= line) ?? places[places.length - 1]!
    },
    otherwiseAround(from, to) {
      // The lines replaced (none, for lines put between two), widened over the lines laid out otherwise on either side...
      let [first, last] = [from, to - 1]
      while (first > 0 && !exact[first - 1]) first--
      while (last + 1 < written.length && !exact[last + 1]) last++
      // ...less the replaced lines at its edges that the printer reproduces.
      while (first <= last && exact[first]) first++
      while (last >= first && exact[last]) last--
      return first <= last ? [first + 1, last + 1] : undefined
    },
  }
}

/** The runs of a diff that pairs the two files line for line. */
function lineForLine(printed: readonly string[], written: readonly string[]): ChangeObject<string[]>[] {
  return printed.flatMap((line, i): ChangeObject<string[]>[] => (line === written[i] ? [{ value: [line], added: false, removed: false, count: 1 }] : [
    { value: [line], added: false, removed: true, count: 1 },
    { value: [written[i]!], added: true, removed: false, count: 1 },
  ]))
}
