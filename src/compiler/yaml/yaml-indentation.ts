import { closingQuote, excerpt, flowDepth, readLine, valueKind, type LineShape } from './yaml-line.ts'

/**
 * A line that does not line up with the lines it belongs with, or that is
 * indented with a tab. The parser only says that it got lost; this says which
 * line and how far it should move.
 */
export interface IndentSlip {
  /** 1-based line of the slip. */
  line: number
  /** Blanks before its content. */
  found: number
  /** Spaces it should have, when that can be told. */
  expected?: number
  /** The line it should line up with, and its content there. */
  sibling?: { line: number; text: string }
  /** A list item ("- ..."), a field ("name: ...") or a line of block text. */
  what: Kind
  /** Its content, for the hint. */
  text: string
  /** The indentation holds a tab. */
  tab: boolean
  /**
   * Set when the slip is the "- " of a list item whose fields line up with
   * each other but not with its first field: how far that field sits to the
   * right (positive) or left of them.
   */
  firstField?: { name: string; shift: number }
  /**
   * The line above it holds text of several words, and this line is deeper,
   * so YAML reads it as more of that text: the author may have meant either.
   */
  continues?: number
}

type Kind = 'item' | 'field' | 'text'

/** An open list or mapping: the column its items or fields start in. */
interface Level {
  indent: number
  kind: Kind
  /** The last line at this level, and its content. */
  line: number
  text: string
  /** Lines seen at this level so far. */
  count: number
  /** Where the project's convention (two spaces a level) would put it, when known. */
  conventional?: number
  /** For the fields of a list item, the "- " line that holds the first of them. */
  dash?: { indent: number; line: number; text: string; key: string }
}

/**
 * Lines that belong to a value started above. Block text (after | or >)
 * takes its column from its first line; quotes and brackets run until closed.
 */
type Inside = { block: number; content?: number; first?: { line: number; text: string }; count: number } | { quote: string } | { flow: number }

/**
 * The first line up to `lastLine` that breaks the indentation of the lines
 * around it, in one pass over the lines. Lists and mappings are tracked as a
 * stack of the columns they start in, as a reader lining lines up by eye
 * would; text that spans lines (block text after | or >, quotes, brackets) is
 * skipped. Undefined when the lines line up, or when the file is too broken
 * to tell.
 */
export function findIndentSlip(lines: readonly string[], lastLine: number): IndentSlip | undefined {
  const reader = new IndentReader(lines)
  const end = Math.min(lastLine, lines.length)
  for (let n = 1; n <= end; n++) {
    const slip = reader.read(n)
    if (slip !== undefined) return slip ?? undefined
  }
  return undefined
}

class IndentReader {
  private readonly levels: Level[] = []
  /** The line above ends with "name:" or "-": the next line may go deeper. */
  private opener: { indent: number; field: boolean } | undefined
  /** The line above holds a value; a deeper line would be more of its text. */
  private textAbove: number | undefined
  /** ...and that value reads as prose, so the author may have wrapped it. */
  private proseAbove = false
  /** The line above is a field in the column of the empty "name:" above it. */
  private emptied: { line: number; indent: number; text: string } | undefined
  /** The line above closed a deeper mapping or list: the level it left. */
  private left: { line: number; indent: number; text: string; from: Level; lists: number[] } | undefined
  private inside: Inside | undefined

  constructor(private readonly lines: readonly string[]) {}

  /** Read line n: a slip, null when the file is too broken to tell, undefined to go on. */
  read(n: number): IndentSlip | null | undefined {
    const raw = this.lines[n - 1]!
    if (this.inside) {
      if ('block' in this.inside) {
        const text = blockText(this.inside, raw, n, this.lines)
        if (text === 'inside') return undefined
        this.inside = undefined
        if (text) return text
      } else {
        if (!stillInside(this.inside, raw)) this.inside = undefined
        return undefined
      }
    }
    if (/^\s*$/.test(raw)) return undefined
    const shape = readLine(raw)
    if (shape.blank) return undefined
    if (shape.indent === 0 && /^(---|\.\.\.)(\s|$)/.test(shape.text)) {
      this.levels.length = 0
      this.opener = this.textAbove = undefined
      return undefined
    }
    // Explicit "? key" / ": value" pairs are not written by hand in pages.
    if (/^[?:](\s|$)/.test(shape.text)) return null
    const what: Kind | undefined = shape.dashes.length ? 'item' : shape.key !== undefined ? 'field' : undefined
    if (!what) {
      // An anchor or tag alone on its line belongs to the value below it;
      // other text is the value of the field above, or more of its text.
      if (valueKind(shape.text) !== 'none' && this.opener && shape.indent > this.opener.indent) {
        this.opener = undefined
        this.textAbove = n
        this.proseAbove = true
      }
      return undefined
    }
    if (shape.tab) return tabSlip(shape, n, what, this.levels, this.opener, this.lines)

    const moved = this.movedAbove(shape, what, n)
    if (moved) return moved
    const top = this.levels.at(-1)
    // A "name" of several words is more likely wrapped text than a field.
    const continues = this.proseAbove && top && shape.indent > top.indent && /\s/.test(shape.key ?? '') ? this.textAbove : undefined
    const memo: { popped?: Level; lists?: number[] } = {}
    const slip = place(this.levels, this.opener, shape.indent, what, n, shape.text, this.lines, memo)
    if (memo.popped) this.left = { line: n, indent: shape.indent, text: excerpt(shape.text), from: memo.popped, lists: memo.lists ?? [] }
    if (slip) return continues === undefined || what === 'item' ? slip : { ...slip, continues }
    if (slip === null) return null
    this.open(shape, n)
    return undefined
  }

  /**
   * Two slips the parser notices one line late, where the line above is the
   * one that moved: a field moved left, to the column of the empty "name:"
   * above it ("backLink:" then "label:" beside it, "href:" under it); and a
   * field moved left out of its mapping, which YAML allows, with the next
   * field still in the old column and the lines after agreeing with it.
   */
  private movedAbove(shape: LineShape, what: Kind, n: number): IndentSlip | undefined {
    const top = this.levels.at(-1)
    const deeper = !this.opener && top !== undefined && shape.indent > top.indent
    const here = { line: n, text: excerpt(shape.text) }
    const { emptied, left } = this
    this.emptied = this.opener?.field && what === 'field' && shape.indent === this.opener.indent ? { line: n, indent: shape.indent, text: excerpt(shape.text) } : undefined
    this.left = undefined
    if (emptied && deeper && what === 'field' && shape.indent === emptied.indent + 2) {
      return { line: emptied.line, found: emptied.indent, expected: shape.indent, sibling: here, what, text: emptied.text, tab: false }
    }
    if (left && deeper && shape.indent === left.from.indent && what === left.from.kind && nextContent(this.lines, n)?.indent === shape.indent) {
      const { from } = left
      return { line: left.line, found: left.indent, expected: from.indent, sibling: { line: from.line, text: excerpt(from.text) }, what, text: left.text, tab: false }
    }
    // A field moved left out of a list's item (the card's last "href:"),
    // and the list's next item after it, still in the list's column: the
    // field is the one to move back, not the items.
    if (left && deeper && what === 'item' && left.from.kind === 'field' && left.lists.includes(shape.indent)) {
      const { from } = left
      return { line: left.line, found: left.indent, expected: from.indent, sibling: { line: from.line, text: excerpt(from.text) }, what: 'field', text: left.text, tab: false }
    }
    return undefined
  }

  /** What a line that fits opens for the lines after it. */
  private open(shape: LineShape, n: number): void {
    // "- - x" and "- name: x" open a list or a mapping on the same line.
    for (const column of shape.dashes.slice(1)) this.levels.push({ indent: column, kind: 'item', line: n, text: shape.raw.slice(column).trim(), count: 1 })
    if (shape.dashes.length && shape.key !== undefined) {
      const dash = shape.dashes.length === 1 ? { indent: shape.indent, line: n, text: excerpt(shape.text), key: shape.key } : undefined
      const item = this.levels.at(-1)!.conventional
      const conventional = dash && item !== undefined ? item + shape.contentColumn - shape.indent : undefined
      this.levels.push({ indent: shape.contentColumn, kind: 'field', line: n, text: shape.raw.slice(shape.contentColumn).trim(), count: 1, ...(dash ? { dash, conventional } : {}) })
    }
    const owner = shape.key !== undefined ? shape.contentColumn : shape.dashes.at(-1)!
    this.opener = this.textAbove = undefined
    this.proseAbove = false
    switch (valueKind(shape.value)) {
      case 'none':
        this.opener = { indent: owner, field: shape.key !== undefined }
        break
      case 'block':
        this.inside = { block: owner, count: 0 }
        break
      case 'open-quote':
        this.inside = { quote: shape.value[shape.value.search(/["']/)]! }
        break
      case 'open-flow':
        this.inside = { flow: flowDepth(shape.value, 0) }
        break
      case 'inline':
        this.textAbove = n
        this.proseAbove = /\S\s+\S/.test(shape.value)
    }
  }
}

/**
 * Fit a line into the open levels. Returns nothing when it fits, a slip when
 * it does not, and null when no level is of its kind (the file is broken in
 * some other way than indentation).
 */
function place(
  levels: Level[],
  opener: { indent: number; field: boolean } | undefined,
  indent: number,
  kind: Kind,
  line: number,
  text: string,
  lines: readonly string[],
  memo: { popped?: Level; lists?: number[] },
): IndentSlip | null | undefined {
  const fits = (conventional?: number) => {
    levels.push({ indent, kind, line, text, count: 1, ...(conventional !== undefined ? { conventional } : {}) })
    return undefined
  }
  // YAML lets a list start in the same column as the field it belongs to.
  if (opener && (indent > opener.indent || (indent === opener.indent && kind === 'item' && opener.field))) return fits(opener.indent + 2)
  if (!levels.length) return fits(0)

  let j = levels.length - 1
  while (j >= 0 && levels[j]!.indent > indent) j--
  const level = levels[j]
  if (level?.indent === indent) {
    if (level.kind === kind) {
      for (let k = levels.length - 1; k > j && !memo.popped; k--) if (levels[k]!.kind === kind) memo.popped = { ...levels[k]! }
      memo.lists = levels.slice(j + 1).flatMap((l) => (l.kind === 'item' ? [l.indent] : []))
      levels.length = j + 1
      Object.assign(level, { line, text, count: level.count + 1 })
      return undefined
    }
    const below = levels[j - 1]
    if (level.kind === 'item' && kind === 'field' && below?.indent === indent && below.kind === 'field') {
      levels.length = j
      Object.assign(below, { line, text, count: below.count + 1 })
      return undefined
    }
  }
  return slipAgainst(levels, indent, kind, line, text, lines)
}

/**
 * The level a misplaced line most likely belongs to: of its kind, nearest in
 * column, and the innermost on a tie (the line just above is the likelier
 * sibling).
 */
function slipAgainst(levels: readonly Level[], indent: number, kind: Kind, line: number, text: string, lines: readonly string[]): IndentSlip | null {
  let best: Level | undefined
  for (const level of levels) {
    if (level.kind !== kind) continue
    if (!best || Math.abs(level.indent - indent) <= Math.abs(best.indent - indent)) best = level
  }
  if (!best) return null
  const here = { line, text: excerpt(text) }
  const root = levels[0]!
  if (best === root && indent < root.indent) {
    // The file's first line is the one indented: everything else lines up.
    return { line: root.line, found: root.indent, expected: indent, sibling: here, what: kind, text: excerpt(root.text), tab: false }
  }
  // Two lines disagree and only the first has been seen at its level. The
  // first is the odd one out when more of the lines that follow agree with
  // this one than with it (blaming the majority would take one fix per line
  // of the block), or when this one sits where the convention puts it and
  // the first does not.
  const next = best.count === 1 ? nextContent(lines, line) : undefined
  const agreed = next && next.indent === indent && kindOf(next) === kind && siblingsAfter(lines, line, indent, kind) > siblingsAfter(lines, line, best.indent, kind)
  const conventional = best.count === 1 && indent === best.conventional && best.indent !== best.conventional
  if (agreed || conventional) {
    const dash = best.dash
    if (dash) {
      const expected = dash.indent + indent - best.indent
      return { line: dash.line, found: dash.indent, expected, sibling: here, what: 'item', text: dash.text, tab: false, firstField: { name: dash.key, shift: best.indent - indent } }
    }
    return { line: best.line, found: best.indent, expected: indent, sibling: here, what: kind, text: excerpt(best.text), tab: false }
  }
  return { line, found: indent, expected: best.indent, sibling: { line: best.line, text: excerpt(best.text) }, what: kind, text: excerpt(text), tab: false }
}

/**
 * A tab stands for any width, so where the line should start is told from
 * its neighbours: under a "name:" it starts like the next line (or two
 * deeper); otherwise it lines up with the nearest line of its kind.
 */
function tabSlip(
  shape: LineShape,
  line: number,
  what: Kind,
  levels: readonly Level[],
  opener: { indent: number } | undefined,
  lines: readonly string[],
): IndentSlip {
  const slip: IndentSlip = { line, found: shape.indent, what, text: excerpt(shape.text), tab: true }
  if (opener) {
    const next = nextContent(lines, line)
    const expected = next && !next.tab && next.indent > opener.indent ? next.indent : opener.indent + 2
    return next && next.indent === expected
      ? { ...slip, expected, sibling: { line: next.line, text: excerpt(next.text) } }
      : { ...slip, expected }
  }
  const sibling = levels.findLast((level) => level.kind === what)
  return sibling ? { ...slip, expected: sibling.indent, sibling: { line: sibling.line, text: excerpt(sibling.text) } } : slip
}

const kindOf = (shape: LineShape): Kind | undefined => (shape.dashes.length ? 'item' : shape.key !== undefined ? 'field' : undefined)

/**
 * How many lines of `kind` after line `after` stand at column `indent`,
 * up to the first line left of both columns in question (the block's end).
 */
function siblingsAfter(lines: readonly string[], after: number, indent: number, kind: Kind): number {
  const floor = Math.min(indent, readLine(lines[after - 1] ?? '').indent)
  let count = 0
  for (let n = after + 1; n <= lines.length; n++) {
    const shape = readLine(lines[n - 1]!)
    if (shape.blank) continue
    if (shape.indent < floor) break
    if (shape.indent === indent && kindOf(shape) === kind) count++
  }
  return count
}

function nextContent(lines: readonly string[], after: number): (LineShape & { line: number }) | undefined {
  for (let n = after + 1; n <= lines.length; n++) {
    const shape = readLine(lines[n - 1]!)
    if (!shape.blank) return { ...shape, line: n }
  }
  return undefined
}

/**
 * Whether a line is part of the block text above: "inside", a slip when it
 * is text that starts left of the text's column (but right of its field, so
 * it cannot be the next field), or undefined when the text has ended.
 */
function blockText(inside: Extract<Inside, { block: number }>, raw: string, line: number, lines: readonly string[]): 'inside' | IndentSlip | undefined {
  const blanks = /^[ \t]*/.exec(raw)![0]
  const indent = blanks.length
  if (indent === raw.length) return 'inside'
  const text = raw.slice(indent).trimEnd()
  // A tab after the text's own indentation is part of the text.
  if (blanks.slice(0, inside.content ?? inside.block + 1).includes('\t')) {
    const expected = inside.content ?? inside.block + 2
    return { line, found: indent, expected, ...(inside.first ? { sibling: inside.first } : {}), what: 'text', text: excerpt(text), tab: true }
  }
  if (inside.content === undefined) {
    if (indent <= inside.block) return undefined
    Object.assign(inside, { content: indent, first: { line, text: excerpt(text) }, count: 1 })
    return 'inside'
  }
  if (indent >= inside.content) {
    inside.count++
    return 'inside'
  }
  const shape = readLine(raw)
  if (indent <= inside.block || shape.dashes.length || /^[\w-]+$/.test(shape.key ?? '')) return undefined
  const first = inside.first!
  const next = inside.count === 1 ? nextContent(lines, line) : undefined
  if (next?.indent === indent) {
    // Only the first line of the text stands apart: it is the one to move.
    return { line: first.line, found: inside.content, expected: indent, sibling: { line, text: excerpt(text) }, what: 'text', text: first.text, tab: false }
  }
  return { line, found: indent, expected: inside.content, sibling: first, what: 'text', text: excerpt(text), tab: false }
}

function stillInside(inside: Exclude<Inside, { block: number }>, raw: string): boolean {
  if ('quote' in inside) return closingQuote(raw, 0, inside.quote) < 0
  inside.flow = flowDepth(raw, inside.flow)
  return inside.flow > 0
}
