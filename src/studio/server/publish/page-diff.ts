/**
 * A page's change in page terms, for an author to read: both versions are
 * parsed and compared as values, each difference labelled with where it is
 * ("Block 3 (faq) › items › 2 › answer") and shown as the words, not as a
 * patch. A version that does not parse is compared as lines of text.
 */
import { isDeepStrictEqual } from 'node:util'
import { parseYaml } from '../../../compiler/yaml/parse-yaml.ts'
import { sharedFile } from '../../../compiler/index.ts'
import type { FieldConflict } from '../../../compiler/yaml-edit/index.ts'
import type { DiffLine, FieldConflictView } from '../../shared/publish-types.ts'

type Segment = { key: string; item: unknown } | { index: number; item: unknown; blocks: boolean }

/** Where the lines go, and whether the file is pages/_shared.yaml (its top-level keys name blocks). */
interface Walk {
  lines: DiffLine[]
  shared: boolean
}

const separator = ' › '

/** The change from `before` to `after` (null: the file did not exist). */
export function pageDiff(file: string, before: string | null, after: string | null): DiffLine[] {
  if (before === after) return []
  const a = before === null ? { ok: true as const, value: {} } : parseYaml(file, new TextEncoder().encode(before))
  const b = after === null ? { ok: true as const, value: {} } : parseYaml(file, new TextEncoder().encode(after))
  if (!a.ok || !b.ok) return textDiff(before ?? '', after ?? '')
  const walk: Walk = { lines: [], shared: file.replace(/^pages\//, '') === sharedFile }
  compare(a.value, b.value, [], walk)
  // Same values, other text: only comments, quoting or spacing changed.
  if (!walk.lines.length) walk.lines.push({ kind: 'changed', label: 'comments and layout' })
  return walk.lines
}

function compare(a: unknown, b: unknown, path: Segment[], walk: Walk): void {
  if (isDeepStrictEqual(a, b)) return
  if (a === undefined && Array.isArray(b)) return compare([], b, path, walk)
  if (b === undefined && Array.isArray(a)) return compare(a, [], path, walk)
  const label = labelOf(path, walk.shared)
  if (a === undefined) return void walk.lines.push({ kind: 'added', label, after: words(b) })
  if (b === undefined) return void walk.lines.push({ kind: 'removed', label, before: words(a) })
  if (Array.isArray(a) && Array.isArray(b)) return compareLists(a, b, path, walk)
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) compare(a[key], b[key], [...path, { key, item: b[key] ?? a[key] }], walk)
    return
  }
  walk.lines.push({ kind: 'changed', label, before: words(a), after: words(b) })
}

/**
 * Items kept in both lists are matched first (so a block inserted at the
 * top does not show every block below it as changed); between them, items
 * of the same kind at the same place are compared field by field, the rest
 * are added or removed whole.
 */
function compareLists(a: unknown[], b: unknown[], path: Segment[], walk: Walk): void {
  const blocks = path.length === 1 && 'key' in path[0]! && path[0].key === 'blocks'
  const at = (index: number, item: unknown): Segment[] => [...path, { index, item, blocks }]
  for (const step of align(a, b, isDeepStrictEqual, sameKind)) {
    if (step.kind === 'changed') compare(a[step.before], b[step.after], at(step.after, b[step.after]), walk)
    else if (step.kind === 'added') walk.lines.push({ kind: 'added', label: labelOf(at(step.after, b[step.after]), walk.shared), after: words(b[step.after]) })
    else if (step.kind === 'removed') walk.lines.push({ kind: 'removed', label: labelOf(at(step.before, a[step.before]), walk.shared), before: words(a[step.before]) })
  }
}

function sameKind(x: unknown, y: unknown): boolean {
  if (isRecord(x) && isRecord(y)) return x.type === y.type && x.use === y.use
  return !isRecord(x) && !isRecord(y) && !Array.isArray(x) && !Array.isArray(y)
}

const maxCells = 4_000_000

type Step = { kind: 'same'; before: number; after: number } | { kind: 'changed'; before: number; after: number } | { kind: 'added'; after: number } | { kind: 'removed'; before: number }

/**
 * Two lists lined up: the longest run of equal items (LCS, after trimming
 * the equal start and end), and between those, items that `pairable`
 * accepts paired in order as changed.
 */
export function align<T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean, pairable: (x: T, y: T) => boolean): Step[] {
  let start = 0
  while (start < a.length && start < b.length && equal(a[start]!, b[start]!)) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && equal(a[endA - 1]!, b[endB - 1]!)) endA--, endB--
  const n = endA - start
  const m = endB - start
  // lengths[i][j]: the longest common run of a[start+i..endA) and b[start+j..endB).
  // Past maxCells (a file rewritten whole) the middle is shown as replaced, not searched.
  const search = n * m <= maxCells
  const lengths = Array.from({ length: search ? n + 1 : 0 }, () => new Uint32Array(m + 1))
  if (search) for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i]![j] = equal(a[start + i]!, b[start + j]!) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
  const steps: Step[] = []
  for (let k = 0; k < start; k++) steps.push({ kind: 'same', before: k, after: k })
  let removed: number[] = []
  let added: number[] = []
  const flush = () => {
    while (removed.length && added.length && pairable(a[removed[0]!]!, b[added[0]!]!)) steps.push({ kind: 'changed', before: removed.shift()!, after: added.shift()! })
    for (const before of removed) steps.push({ kind: 'removed', before })
    for (const after of added) steps.push({ kind: 'added', after })
    removed = []
    added = []
  }
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (search && i < n && j < m && equal(a[start + i]!, b[start + j]!)) {
      flush()
      steps.push({ kind: 'same', before: start + i++, after: start + j++ })
    } else if (j >= m || (i < n && (!search || lengths[i + 1]![j]! >= lengths[i]![j + 1]!))) removed.push(start + i++)
    else added.push(start + j++)
  }
  flush()
  for (let k = 0; k < a.length - endA; k++) steps.push({ kind: 'same', before: endA + k, after: endB + k })
  return steps
}

/** One field both sides changed differently (yaml-edit/merge.ts's FieldConflict), in the author's words: where, and each side's value. */
export function fieldConflictView(file: string, mineText: string | null, conflict: FieldConflict): FieldConflictView {
  const parsed = mineText === null ? undefined : parseYaml(file, new TextEncoder().encode(mineText))
  let value: unknown = parsed?.ok ? parsed.value : undefined
  const path: Segment[] = []
  for (const step of conflict.path) {
    value = isRecord(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[step] : undefined
    path.push(typeof step === 'number' ? { index: step, item: value, blocks: path.length === 1 && 'key' in path[0]! && path[0].key === 'blocks' } : { key: step, item: value })
  }
  const shared = file.replace(/^pages\//, '') === sharedFile
  const side = (v: unknown) => (v === undefined ? '(removed)' : words(v))
  return { key: conflict.key, label: labelOf(path, shared), mine: side(conflict.mine), theirs: side(conflict.theirs) }
}

/** Where a value is, in words: "Block 3 (faq) › items › 2 › answer", "Shared block contact (callout) › title". */
function labelOf(path: Segment[], shared: boolean): string {
  const parts: string[] = []
  for (const [n, segment] of path.entries()) {
    if ('key' in segment) {
      // The block list's own name adds nothing: "Block 3 (faq)" says it.
      if (n === 0 && segment.key === 'blocks' && path.length > 1) continue
      parts.push(n === 0 && shared ? `Shared block ${segment.key}${blockKind(segment.item)}` : segment.key)
    } else if (segment.blocks) parts.push(`Block ${segment.index + 1}${blockKind(segment.item)}`)
    else parts.push(String(segment.index + 1))
  }
  return parts.join(separator) || 'the page'
}

function blockKind(block: unknown): string {
  if (!isRecord(block)) return ''
  if (typeof block.type === 'string') return ` (${block.type})`
  if (typeof block.use === 'string') return ` (shared: ${block.use})`
  return ''
}

/** A value as the words an author wrote: strings as they are, everything else as the text of its parts, one per line. */
function words(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return '(empty)'
  if (Array.isArray(value)) return value.map(words).join('\n')
  if (isRecord(value)) return Object.entries(value).filter(([key]) => key !== 'type').map(([, v]) => words(v)).join('\n')
  return String(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Lines of text that differ, for a file that is not readable YAML: "line 4" is the line's number in the version it is from. */
export function textDiff(before: string, after: string): DiffLine[] {
  const a = before.split(/\r?\n/)
  const b = after.split(/\r?\n/)
  return align(a, b, (x, y) => x === y, () => true).flatMap((step): DiffLine[] => {
    if (step.kind === 'changed') return [{ kind: 'changed', label: `line ${step.after + 1}`, before: a[step.before]!, after: b[step.after]! }]
    if (step.kind === 'added') return [{ kind: 'added', label: `line ${step.after + 1}`, after: b[step.after]! }]
    if (step.kind === 'removed') return [{ kind: 'removed', label: `line ${step.before + 1}`, before: a[step.before]! }]
    return []
  })
}
