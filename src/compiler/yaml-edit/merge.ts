/**
 * Three versions of one page merged field by field: the common base (git
 * merge-base), mine and theirs. A field changed on one side only is taken
 * from that side; items added to a list on both sides are both kept; only a
 * field changed differently on both sides (or a list stretch both sides
 * rewrote differently, or a block removed on one side and edited on the
 * other) is a conflict, returned with its three values for the author to
 * choose; given the author's choice for a conflict (by its key), the merge
 * takes that side there and goes on. The result is mine's text with theirs' changes made through
 * applyEdits, so every line neither side changed stays byte for byte.
 */
import { parseDocument } from 'yaml'
import { pageReading } from '../yaml/page-reading.ts'
import { applyEdits, type DocumentEdit, type Path } from './edit.ts'

/** A field both sides changed differently; `undefined` where a side has no such field (removed it). */
export interface FieldConflict {
  /** Where, with list positions as mine has them. */
  path: Path
  /** The conflict's name for a choice: the same in a second merge of the same texts, whatever was chosen before it. */
  key: string
  base: unknown
  mine: unknown
  theirs: unknown
}

/** The merged text (null: the page is deleted), the conflicts to choose, or why the texts cannot be merged by field (then the whole page is the author's choice). */
export type MergeOutcome = { text: string | null } | { conflicts: FieldConflict[] } | { error: string }

/** Which side to take where both changed a field differently, by the conflict's key. */
export type FieldChoices = Readonly<Record<string, 'mine' | 'theirs'>>

/** What one merge gathers as it goes: the edits to make on mine, the conflicts left, and the choices made. */
interface Merging {
  edits: DocumentEdit[]
  conflicts: FieldConflict[]
  choices: FieldChoices
}

/** Merges one page's three texts; null is a side with no such page (never made, or deleted). */
export function mergePage(base: string | null, mine: string | null, theirs: string | null, choices: FieldChoices = {}): MergeOutcome {
  if (mine === theirs || base === theirs) return { text: mine }
  if (base === mine) return { text: theirs }
  // Deleted on one side and changed on the other: the whole page is the choice.
  if (mine === null || theirs === null) {
    const whole = choices[keyOf([])]
    if (whole) return { text: whole === 'mine' ? mine : theirs }
    return { conflicts: [{ path: [], key: keyOf([]), base: read(base), mine: read(mine), theirs: read(theirs) }] }
  }
  const [b, m, t] = [base === null ? {} : read(base), read(mine), read(theirs)]
  if (b === unreadable || m === unreadable || t === unreadable) return { error: 'One of the versions cannot be read as YAML.' }
  const merging: Merging = { edits: [], conflicts: [], choices }
  mergeValue([], [], b, m, t, merging)
  const { edits, conflicts } = merging
  if (conflicts.length) return { conflicts }
  const merged = applyEdits(mine, edits)
  return 'error' in merged ? merged : { text: merged.text }
}

const unreadable = Symbol('unreadable')

function read(text: string | null): unknown {
  if (text === null) return undefined
  const doc = parseDocument(text, pageReading)
  return doc.errors.length ? unreadable : doc.toJS()
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const keyOf = (path: Path) => JSON.stringify(path)

/** A conflict at `path` (`key`: the same place, with mine's positions): the side chosen for it, or undefined (then it is listed). */
function chosen(merging: Merging, key: Path, conflict: Omit<FieldConflict, 'key'>): 'mine' | 'theirs' | undefined {
  const choice = merging.choices[keyOf(key)]
  if (!choice) merging.conflicts.push({ ...conflict, key: keyOf(key) })
  return choice
}
const isFields = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The edits that bring theirs' changes of the value at `path` into mine, or
 * its conflicts. `key` is the same place with list positions as mine has
 * them before any edit (`path`'s are where the item is by the time its edit
 * is made).
 */
function mergeValue(path: Path, key: Path, b: unknown, m: unknown, t: unknown, merging: Merging): void {
  if (same(m, t) || same(b, t)) return
  if (same(b, m)) {
    merging.edits.push(t === undefined ? { op: 'unset', path } : { op: 'set', path, value: t })
    return
  }
  if (isFields(m) && isFields(t)) {
    const base = isFields(b) ? b : {}
    for (const field of new Set([...Object.keys(m), ...Object.keys(t)])) mergeValue([...path, field], [...key, field], base[field], m[field], t[field], merging)
    return
  }
  if (Array.isArray(m) && Array.isArray(t) && (b === undefined || Array.isArray(b))) return mergeList(path, key, b ?? [], m, t, merging)
  if (chosen(merging, key, { path: key, base: b, mine: m, theirs: t }) === 'theirs') merging.edits.push(t === undefined ? { op: 'unset', path } : { op: 'set', path, value: t })
}

/**
 * A list merged as diff3 merges lines: items unchanged on both sides are
 * anchors; between two anchors each side's stretch is taken whole when the
 * other side left it as it was, both kept when both only added there, merged
 * item by item when all three stretches are as long, and a conflict
 * otherwise. Edits are made in order on mine's list, so each position is
 * where the item is by then.
 */
function mergeList(path: Path, key: Path, b: unknown[], m: unknown[], t: unknown[], merging: Merging): void {
  const { edits } = merging
  const inMine = matches(b, m)
  const inTheirs = matches(b, t)
  const anchors: [number, number, number][] = []
  for (let i = 0; i < b.length; i++) if (inMine[i] !== undefined && inTheirs[i] !== undefined) anchors.push([i, inMine[i]!, inTheirs[i]!])
  anchors.push([b.length, m.length, t.length])
  let at = 0
  let previous: [number, number, number] = [-1, -1, -1]
  for (const anchor of anchors) {
    const [bc, mc, tc] = [b.slice(previous[0] + 1, anchor[0]), m.slice(previous[1] + 1, anchor[1]), t.slice(previous[2] + 1, anchor[2])]
    if (same(mc, tc) || same(bc, tc)) at += mc.length
    else if (same(bc, mc)) {
      for (let k = 0; k < mc.length; k++) edits.push({ op: 'remove', path: [...path, at] })
      for (const item of tc) edits.push({ op: 'insert', path, index: at++, value: item })
    } else if (!bc.length) {
      at += mc.length
      for (const item of tc) edits.push({ op: 'insert', path, index: at++, value: item })
    } else if (bc.length === mc.length && mc.length === tc.length) {
      for (let k = 0; k < mc.length; k++) mergeValue([...path, at + k], [...key, previous[1] + 1 + k], bc[k], mc[k], tc[k], merging)
      at += mc.length
    } else if (chosen(merging, [...key, previous[1] + 1], { path: [...key, previous[1] + 1], base: bc, mine: mc, theirs: tc }) === 'theirs') {
      for (let k = 0; k < mc.length; k++) edits.push({ op: 'remove', path: [...path, at] })
      for (const item of tc) edits.push({ op: 'insert', path, index: at++, value: item })
    } else {
      at += mc.length
    }
    // The anchor itself (none past the end).
    at += anchor[0] < b.length ? 1 : 0
    previous = anchor
  }
}

/** For each item of `base`, its index in `other` where the longest common run of equal items pairs them; undefined where it has none. */
function matches(base: unknown[], other: unknown[]): (number | undefined)[] {
  const keys = (list: unknown[]) => list.map((item) => JSON.stringify(item))
  const [a, o] = [keys(base), keys(other)]
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(o.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) for (let j = o.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === o[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
  const paired: (number | undefined)[] = new Array(a.length).fill(undefined)
  for (let i = 0, j = 0; i < a.length && j < o.length; ) {
    if (a[i] === o[j]) paired[i++] = j++
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++
    else j++
  }
  return paired
}
