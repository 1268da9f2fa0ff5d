import { alignLines } from './line-alignment.ts'
/** One replacement in a text: what an editor applies to keep the cursor and undo history sane. */
export interface TextChange {
  from: number
  to: number
  insert: string
}

/**
 * The smallest single change that turns `before` into `after`: the common
 * start and end are kept. It never cuts a surrogate pair or a CRLF in two.
 */
export function minimalChange(before: string, after: string): TextChange {
  const shorter = Math.min(before.length, after.length)
  let start = 0
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++
  while (start > 0 && cutsPair(before, start)) start--
  let end = 0
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++
  while (end > 0 && cutsPair(before, before.length - end)) end--
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) }
}

function cutsPair(text: string, at: number): boolean {
  const [left, right] = [text.charCodeAt(at - 1), text.charCodeAt(at)]
  return (left >= 0xd800 && left <= 0xdbff && right >= 0xdc00 && right <= 0xdfff) || (left === 13 && right === 10)
}

/**
 * A file as the printer sees it (LF, no byte order mark) and what it takes to
 * give a printed change back in the file's own bytes.
 */
export interface SourceText {
  bom: string
  /** The lines as written, split on "\n": a CRLF line keeps its "\r". */
  lines: string[]
  /** The line ending most lines use, for new lines. */
  eol: '\n' | '\r\n'
  /** The text with LF endings and no byte order mark. */
  normalized: string
}

export function readSource(text: string): SourceText {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : ''
  const lines = text.slice(bom.length).split('\n')
  const bare = lines.map((line, i) => (i < lines.length - 1 && line.endsWith('\r') ? line.slice(0, -1) : line))
  const crlf = bare.filter((line, i) => line !== lines[i]).length
  return { bom, lines, eol: crlf * 2 > lines.length - 1 ? '\r\n' : '\n', normalized: bare.join('\n') }
}

/** A printed change placed among the written lines. */
export interface Splice {
  text: string
  /** The written lines next to the change that the printer lays out otherwise (1-based, first and last), if any: what to name when the result must be refused. */
  otherwise?: [number, number]
}

/**
 * The file with the lines that printing changed replaced, and every other
 * line kept as written: `baseline` is the printed file before the edit,
 * `printed` after it.
 *
 * The printer need not reproduce the file line for line: a long text the
 * author broke over two lines is printed on one, say. The two are lined up
 * (line-alignment.ts), and the edit replaces the written lines between the
 * nearest places where they are in step, so a form's change to the title
 * leaves a two-line description as written; only an edit of the lines the
 * printer lays out otherwise rewrites them, as it prints them. Undefined
 * when the two cannot be lined up; the caller checks that the result reads
 * as `printed`.
 */
export function spliceLines(source: SourceText, baseline: string, printed: string): Splice | undefined {
  const before = baseline.split('\n')
  const after = printed.split('\n')
  const shorter = Math.min(before.length, after.length)
  let start = 0
  while (start < shorter && before[start] === after[start]) start++
  let end = 0
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++
  const written = source.normalized.split('\n')
  const lines = alignLines(before, written)
  if (!lines) return undefined
  // The edit's lines, before[start, before.length - end), widened to places in step with the written file.
  const [from, fromLine] = lines.atOrBefore(start)
  const [to, toLine] = lines.atOrAfter(before.length - end)
  const crlf = source.eol === '\r\n'
  const middle = after.slice(from, after.length - (before.length - to)).map((line, i) => (crlf && from + i < after.length - 1 ? `${line}\r` : line))
  const text = source.bom + [...source.lines.slice(0, fromLine), ...middle, ...source.lines.slice(Math.max(fromLine, toLine))].join('\n')
  const otherwise = lines.otherwiseAround(fromLine, Math.max(fromLine, toLine))
  return otherwise ? { text, otherwise } : { text }
}
