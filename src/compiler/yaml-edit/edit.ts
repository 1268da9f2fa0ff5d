import { isMap, isNode, isScalar, isSeq, Pair, parseDocument, Scalar, visit, YAMLMap, YAMLSeq, type Document, type Node } from 'yaml'
import { pageReading } from '../yaml/page-reading.ts'
import { layoutOf, parseForEditing, printYaml } from './document.ts'
import { describeValue, pairOf, removePair } from './nodes.ts'
import { readSource, spliceLines } from './text.ts'

/** Where a value is in a page: field names and list positions, e.g. ['blocks', 2, 'title']. */
export type Path = readonly (string | number)[]

/** One change a form makes to a page. */
export type DocumentEdit =
  /** Replace the value at `path`, creating missing groups of fields on the way; only what differs is rewritten. */
  | { op: 'set'; path: Path; value: unknown }
  /** Remove a field (an optional field emptied); groups it leaves empty go too. */
  | { op: 'unset'; path: Path }
  /** Put `value` at `index` of the list at `path` (index === length appends); the list is created if missing. */
  | { op: 'insert'; path: Path; index: number; value: unknown }
  /** Remove the list item at `path` (its last step is a position). */
  | { op: 'remove'; path: Path }
  /** Move the item at `from` of the list at `path` to `to`. */
  | { op: 'move'; path: Path; from: number; to: number }

export type EditOutcome = { text: string } | { error: string }

/** The sentences an author reads when an edit cannot be made. */
const words = {
  notYaml: (line: number) => `The page cannot be read as YAML (line ${line}), so the form cannot change it. Fix the text first.`,
  layout: (lines: [number, number] | undefined) =>
    `${lines ? (lines[0] === lines[1] ? `Line ${lines[0]} of this page is` : `Lines ${lines[0]}–${lines[1]} of this page are`) : 'This page is'} laid out otherwise than the form writes YAML (indented or spaced in another way), and the form cannot fit its change among ${lines && lines[0] === lines[1] ? 'it' : 'them'} without rewriting other lines. Make this change in the YAML tab.`,
  noList: (at: string) => `There is no list at ${at}.`,
  noFields: (at: string, found: string) => `There are no fields at ${at}: it is ${found}.`,
  nothing: (at: string) => `There is nothing at ${at}.`,
  noItem: (at: string, index: unknown, length: number) => `There is no item ${String(index)} in the list at ${at}: it has ${length} ${length === 1 ? 'item' : 'items'}.`,
  noPlace: (at: string, index: unknown, length: number) => `A list of ${length} ${length === 1 ? 'item' : 'items'} at ${at} has no place ${String(index)}.`,
  notItem: (at: string) => `${at} is not an item of a list.`,
  notField: (at: string) => `${at} is not a field.`,
  notData: (at: string) => `The value for ${at} is not something a page can hold (text, numbers, true or false, lists and groups of fields).`,
  failed: (reason: string) => `The change could not be made: ${reason}`,
}

/** A path in an author's words: "blocks › 2 › items", or "the page". */
export function showPath(path: Path): string {
  return path.length ? path.join(' › ') : 'the page'
}

/**
 * Make one edit to a page's text through yaml's Document API. Only the lines
 * of the edited value change: comments, blank lines, key order, quoting and
 * line endings elsewhere are kept byte for byte. Text that needs quoting is
 * quoted; an edited scalar keeps its style where it can. Never throws: a
 * wrong path or unreadable text is an `error` in words for an author.
 */
export function applyEdit(text: string, edit: DocumentEdit): EditOutcome {
  try {
    const source = readSource(text)
    const { doc, lineCounter } = parseForEditing(source.normalized)
    const mistake = doc.errors[0]
    if (mistake) return { error: words.notYaml(lineCounter.linePos(mistake.pos[0]).line) }
    const layout = layoutOf(source.normalized)
    const baseline = printYaml(doc, layout)
    const failure = editDocument(doc, edit)
    if (failure) return { error: failure }
    const printed = printYaml(doc, layout)
    if (printed === baseline) return { text }
    // An empty file has no lines to keep.
    if (!source.normalized.trim()) return { text: source.bom + printed.replaceAll('\n', source.eol) }
    const spliced = spliceLines(source, baseline, printed)
    if (spliced === undefined) return { error: words.layout(undefined) }
    // Where the printer lays the file out otherwise than its author (other
    // indentation, say), new lines among old ones could read as something
    // else: the result must read as the edited document does.
    if (baseline !== source.normalized && !readsAs(spliced.text, printed)) return { error: words.layout(spliced.otherwise) }
    return { text: spliced.text }
  } catch (thrown) {
    return { error: words.failed(thrown instanceof Error ? thrown.message : String(thrown)) }
  }
}

function readsAs(text: string, printed: string): boolean {
  const read = (t: string) => parseDocument(readSource(t).normalized, pageReading)
  const [mine, theirs] = [read(text), read(printed)]
  return !mine.errors.length && JSON.stringify(mine.toJS()) === JSON.stringify(theirs.toJS())
}

/** Make edits in order; the first that cannot be made stops them all, naming which one it was. */
export function applyEdits(text: string, edits: readonly DocumentEdit[]): EditOutcome {
  let current = text
  for (const [i, edit] of edits.entries()) {
    const outcome = applyEdit(current, edit)
    if ('error' in outcome) return edits.length > 1 ? { error: `Change ${i + 1} of ${edits.length}: ${outcome.error}` } : outcome
    current = outcome.text
  }
  return { text: current }
}

/** Make one edit to a parsed document; an error sentence when it cannot be made. */
export function editDocument(doc: Document, edit: DocumentEdit): string | undefined {
  const { path } = edit
  switch (edit.op) {
    case 'set':
      if (!isData(edit.value)) return words.notData(showPath(path))
      return setAt(doc, path, edit.value)
    case 'unset':
      return unsetAt(doc, path)
    case 'insert': {
      if (!isData(edit.value)) return words.notData(showPath(path))
      const seq = walk(doc, path, 'seq', true)
      if (isFailure(seq)) return seq.error
      if (!isIndex(edit.index, seq.items.length + 1)) return words.noPlace(showPath(path), edit.index, seq.items.length)
      insertItem(seq, edit.index, createNode(doc, edit.value))
      return undefined
    }
    case 'remove': {
      const index = path[path.length - 1]
      if (typeof index !== 'number') return words.notItem(showPath(path))
      const seq = walk(doc, path.slice(0, -1), 'seq', false)
      if (isFailure(seq)) return seq.error
      if (!isIndex(index, seq.items.length)) return words.noItem(showPath(path.slice(0, -1)), index, seq.items.length)
      removeItem(seq, index)
      return undefined
    }
    case 'move': {
      const seq = walk(doc, path, 'seq', false)
      if (isFailure(seq)) return seq.error
      for (const index of [edit.from, edit.to]) if (!isIndex(index, seq.items.length)) return words.noItem(showPath(path), index, seq.items.length)
      moveItem(seq, edit.from, edit.to)
      return undefined
    }
    default:
      return words.failed(`there is no edit "${String((edit as { op?: unknown }).op)}".`)
  }
}

function setAt(doc: Document, path: Path, value: unknown): string | undefined {
  if (!path.length) {
    doc.contents = reconcile(doc, doc.contents, value) as typeof doc.contents
    return undefined
  }
  const last = path[path.length - 1]!
  if (typeof last === 'number') {
    const seq = walk(doc, path.slice(0, -1), 'seq', false)
    if (isFailure(seq)) return seq.error
    if (!isIndex(last, seq.items.length)) return words.noItem(showPath(path.slice(0, -1)), last, seq.items.length)
    seq.items[last] = reconcile(doc, seq.items[last], value)
    return undefined
  }
  const map = walk(doc, path.slice(0, -1), 'map', true)
  if (isFailure(map)) return map.error
  const pair = pairOf(map, last)
  if (pair) pair.value = reconcile(doc, pair.value, value)
  else map.items.push(new Pair(new Scalar(last), createNode(doc, value)))
  return undefined
}

function unsetAt(doc: Document, path: Path): string | undefined {
  const last = path[path.length - 1]
  if (typeof last !== 'string') return words.notField(showPath(path))
  const map = walk(doc, path.slice(0, -1), 'map', false)
  // Nothing on the way: the field is empty already.
  if (isFailure(map)) return map.missing ? undefined : map.error
  const pair = pairOf(map, last)
  if (!pair) return undefined
  removePair(map, pair)
  // Groups of fields the removal leaves empty go too ("button:" with nothing under it).
  for (let depth = path.length - 1; depth > 0 && typeof path[depth - 1] === 'string'; depth--) {
    const holder = walk(doc, path.slice(0, depth), 'map', false)
    const outer = walk(doc, path.slice(0, depth - 1), 'map', false)
    if (isFailure(holder) || isFailure(outer) || holder.items.length) break
    removePair(outer, pairOf(outer, path[depth - 1] as string)!)
  }
  return undefined
}

type Want = 'map' | 'seq'
type Found<W extends Want> = W extends 'map' ? YAMLMap : YAMLSeq
/** Why a path leads nowhere; `missing` when a field on the way is absent, not of the wrong kind. */
interface Failure {
  error: string
  missing?: true
}

function isFailure(found: unknown): found is Failure {
  return typeof found === 'object' && found !== null && 'error' in found
}

/**
 * The node at `path`, which must be a map or a list as `want` says. With
 * `create`, missing maps (and the list itself, for a list) are added.
 */
function walk<W extends Want>(doc: Document, path: Path, want: W, create: boolean): Found<W> | Failure {
  const make = (next: string | number | undefined): YAMLMap | YAMLSeq =>
    (next === undefined ? want === 'seq' : typeof next === 'number') ? new YAMLSeq() : new YAMLMap()
  if (doc.contents === null && create) doc.contents = make(path[0])
  let node: unknown = doc.contents
  for (let i = 0; i < path.length; i++) {
    const step = path[i]!
    const here = showPath(path.slice(0, i))
    if (typeof step === 'number') {
      if (!isSeq(node)) return { error: words.noList(here) }
      if (!isIndex(step, node.items.length)) return { error: words.noItem(here, step, node.items.length) }
      node = node.items[step]
      continue
    }
    if (!isMap(node)) return { error: words.noFields(here, describeValue(node)) }
    const pair = pairOf(node, step)
    if (pair && !(create && isEmpty(pair.value))) {
      node = pair.value
      continue
    }
    // A missing field, or an empty one ("items:") being filled in.
    if (!create || typeof path[i + 1] === 'number') return { error: words.nothing(showPath(path.slice(0, i + 1))), missing: true }
    const made = make(path[i + 1])
    if (pair) pair.value = made
    else node.items.push(new Pair(new Scalar(step), made))
    node = made
  }
  const at = showPath(path)
  if (want === 'seq' && !isSeq(node)) return { error: words.noList(at) }
  if (want === 'map' && !isMap(node)) return { error: words.noFields(at, describeValue(node)), ...(isEmpty(node) ? { missing: true as const } : {}) }
  return node as Found<W>
}

function isEmpty(node: unknown): boolean {
  return node === null || node === undefined || (isScalar(node) && node.value === null)
}

function isIndex(index: unknown, length: number): index is number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < length
}

/** Text, finite numbers, true/false, null, lists and plain objects of those: what a page holds. */
function isData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(isData)
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false
  return Object.values(value as object).every((v) => v === undefined || isData(v))
}

/**
 * The node for `value` where `node` was: a scalar is changed in place (its
 * style and comments stay), maps and lists are changed field by field and
 * item by item, so what is equal keeps its bytes. Anything else is new.
 */
function reconcile(doc: Document, node: unknown, value: unknown): unknown {
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    setScalar(node, value)
    return node
  }
  if (isMap(node) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    const wanted = new Map(entries)
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : undefined
      if (typeof key !== 'string') continue
      if (wanted.has(key)) pair.value = reconcile(doc, pair.value, wanted.get(key))
      else removePair(node, pair)
    }
    for (const [key, v] of entries) if (!pairOf(node, key)) node.items.push(new Pair(new Scalar(key), createNode(doc, v)))
    return node
  }
  if (isSeq(node) && Array.isArray(value)) {
    const shared = Math.min(node.items.length, value.length)
    for (let i = 0; i < shared; i++) node.items[i] = reconcile(doc, node.items[i], value[i])
    for (let i = shared; i < value.length; i++) insertItem(node, i, createNode(doc, value[i]))
    while (node.items.length > value.length) removeItem(node, node.items.length - 1)
    return node
  }
  const made = createNode(doc, value)
  if (isNode(node) && isNode(made)) [made.commentBefore, made.comment] = [node.commentBefore, node.comment]
  return made
}

/** Change a scalar's value, keeping its style where the new value allows it. */
function setScalar(node: Scalar, value: unknown): void {
  if (node.value === value) return
  if (typeof value === 'string') {
    const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED
    // Plain or quoted text stays so (yaml quotes plain text that needs it);
    // text with line breaks is a block, as pages write it, and a block that
    // loses its line breaks becomes what yaml chooses rather than "|-".
    if (value.includes('\n')) node.type = block ? node.type : Scalar.BLOCK_LITERAL
    else if (block) node.type = undefined
    // Quotes that only an empty text or a space at an end forced (a form
    // typing "Interviews " on the way to the next word) were no choice of the
    // author's: the words that replace it are written as yaml would write them.
    else if (typeof node.value === 'string' && /^$|^\s|\s$/.test(node.value)) node.type = undefined
  } else {
    node.type = Scalar.PLAIN
    delete node.format
    delete node.minFractionDigits
  }
  node.value = value
}

/** A new node in block style; text with line breaks as a literal block. */
function createNode(doc: Document, value: unknown): Node {
  const node = doc.createNode(value, { flow: false }) as Node
  visit(node, {
    Scalar(_, scalar) {
      if (typeof scalar.value === 'string' && scalar.value.includes('\n')) scalar.type = Scalar.BLOCK_LITERAL
    },
  })
  return node
}

/**
 * Whether the list puts a blank line between its items (as pages do between
 * blocks): most items after the first have one.
 */
function separated(seq: YAMLSeq): boolean {
  const rest = seq.items.slice(1)
  return rest.length > 0 && rest.filter((item) => isNode(item) && item.spaceBefore).length * 2 > rest.length
}

/**
 * yaml gives a comment above a list's first item to the list. It is about
 * that item, so when the first item changes it goes with the item.
 */
function commentToFirstItem(seq: YAMLSeq): void {
  const first = seq.items[0]
  if (!seq.commentBefore || !isNode(first)) return
  first.commentBefore = [seq.commentBefore, first.commentBefore].filter(Boolean).join('\n')
  seq.commentBefore = undefined
}

function insertItem(seq: YAMLSeq, index: number, node: Node): void {
  const blank = separated(seq)
  const first = seq.items[0]
  if (index === 0 && isNode(first)) {
    commentToFirstItem(seq)
    node.spaceBefore = first.spaceBefore
    first.spaceBefore = blank || undefined
  } else if (blank) node.spaceBefore = true
  seq.items.splice(index, 0, node)
}

/** Take an item out; the blank lines stay where they were, position by position. */
function removeItem(seq: YAMLSeq, index: number): void {
  const [removed] = seq.items.splice(index, 1)
  const next = seq.items[index]
  if (index === 0 && isNode(next)) next.spaceBefore = isNode(removed) ? removed.spaceBefore : undefined
}

function moveItem(seq: YAMLSeq, from: number, to: number): void {
  if (from === to) return
  commentToFirstItem(seq)
  const blanks = seq.items.map((item) => isNode(item) && item.spaceBefore)
  const [item] = seq.items.splice(from, 1)
  seq.items.splice(to, 0, item)
  seq.items.forEach((item, i) => {
    if (isNode(item)) item.spaceBefore = blanks[i] || undefined
  })
}
