import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Alias,
  type Document,
  type Node,
  type ParsedNode,
} from 'yaml'
import { asFirstSyntaxProblem, problem, type Location } from '../problems/errors.ts'
import { capProblemsPerFile, type Problem } from '../problems/problems.ts'
import { excerpt, lineAround, quoteText, readLine, withValue } from './yaml-line.ts'
import { describeSyntaxError } from './yaml-syntax-error.ts'
import { pageReading } from './page-reading.ts'
import { limits } from './yaml-limits.ts'
import { readByEvents } from './read-by-events.ts'
import { controlPattern, loneSurrogate } from './refused-characters.ts'

export { limits }

export interface ParsedYaml {
  file: string
  source: string
  doc: Document.Parsed
  lineCounter: LineCounter
}

export type ParseResult = { ok: true; parsed: ParsedYaml; value: unknown } | { ok: false; problems: Problem[] }

/**
 * Decode and parse one YAML file strictly: UTF-8 only, YAML 1.2 core schema,
 * no tags, aliases, directives or duplicate keys. Every finding is a located
 * Problem; nothing is silently coerced.
 */
export function parseYaml(file: string, bytes: Uint8Array): ParseResult {
  const at = (line = 1, column = 1): Location => ({ file, line, column })
  if (bytes.length > limits.maxFileBytes) {
    return fail([problem('FileTooLarge', { size: bytes.length, limit: limits.maxFileBytes }, at())])
  }
  const decoded = decodeUtf8(bytes)
  if (!decoded.ok) {
    return fail([problem('NotUtf8', { encoding: decoded.encoding }, at(decoded.line, decoded.column))])
  }
  const source = decoded.text
  const early = [...findControlCharacters(source, file), ...findDirectives(source, file), ...findDeepBrackets(source, file)]
  if (early.length) return fail(early)

  // Most pages: their value from js-yaml's events, and the document only if asked for.
  const value = readByEvents(source)
  if (value !== undefined) return { ok: true, parsed: parsedWhenAsked(file, source), value }
  return parseFully(file, source)
}

/**
 * parseYaml's reading of a decoded text with the `yaml` library's document,
 * every node with its place: the only reading before read-by-events.ts, and
 * what a test compares that with.
 */
export function parseFully(file: string, source: string): ParseResult {
  const at = (line = 1, column = 1): Location => ({ file, line, column })
  const lineCounter = new LineCounter()
  const locate: Locate = Object.assign(
    (offset: number): Location => {
      const { line, col } = lineCounter.linePos(offset)
      return { file, line, column: col }
    },
    { source },
  )

  const doc = parseDocument(source, { lineCounter, ...pageReading, prettyErrors: false, strict: true }) as Document.Parsed

  // After its first error the parser is lost and the rest is noise: one
  // problem, explained from the source (see yaml-syntax-error.ts).
  if (doc.errors.length) return fail([asFirstSyntaxProblem(describeSyntaxError(file, source, doc.errors, lineCounter))])

  // Warnings (unresolved tags) are reported by walk() as TagNotAllowed.
  const problems: Problem[] = []
  if (doc.contents === null) problems.push(problem('EmptyFile', {}, at()))
  else {
    const found: Found = { aliases: 0, anchors: new Map() }
    walk(doc.contents, 1, problems, locate, found)
    const alias = aliasProblem(found, locate)
    if (alias) problems.splice(firstAfter(problems, alias), 0, alias)
  }
  if (problems.length) return fail(capProblemsPerFile(problems))
  return { ok: true, parsed: { file, source, doc, lineCounter }, value: doc.toJS({ maxAliasCount: 0 }) }
}

/**
 * A parsed file that keeps only its text, for holding many at once: the
 * YAML document (every node with its place) is several times the size of
 * the value read from it, and is needed only to say where a value is
 * written, which a valid page never asks. It is parsed again, from the same
 * text, the first time it is asked for.
 */
export function keptAsText(parsed: ParsedYaml): ParsedYaml {
  return whenAsked.has(parsed) ? parsed : parsedWhenAsked(parsed.file, parsed.source)
}

/** The ParsedYaml whose document is parsed when first asked for. */
const whenAsked = new WeakSet<ParsedYaml>()

/** `source`, which parseYaml has read without problems, with its document parsed the first time it is asked for. */
function parsedWhenAsked(file: string, source: string): ParsedYaml {
  let again: ParsedYaml | undefined
  const full = (): ParsedYaml => {
    if (again) return again
    const result = parseFully(file, source)
    // The text read without problems once; it does again. If not, the two
    // readings disagree (read-by-events.ts took a page it should have left).
    if (!result.ok) throw new Error(`${file} reads without problems by its events but not as a document: ${result.problems[0]?.message ?? ''}`)
    return (again = result.parsed)
  }
  const parsed: ParsedYaml = {
    file,
    source,
    get doc() {
      return full().doc
    },
    get lineCounter() {
      return full().lineCounter
    },
  }
  whenAsked.add(parsed)
  return parsed
}

function fail(problems: Problem[]): ParseResult {
  return { ok: false, problems }
}

type Locate = ((offset: number) => Location) & { source: string }

/** The first alias and how many there are, and where each anchored value starts. */
interface Found {
  firstAlias?: Alias
  aliases: number
  anchors: Map<string, number>
}

function walk(node: unknown, depth: number, problems: Problem[], locate: Locate, found: Found, listItem = false): void {
  if (problems.length > limits.maxProblemsPerFile) return
  if (isAlias(node)) {
    found.firstAlias ??= node
    found.aliases++
    return
  }
  const n = node as Node & { range?: [number, number, number]; tag?: string; anchor?: string }
  if (n && typeof n === 'object' && n.anchor && !found.anchors.has(n.anchor)) found.anchors.set(n.anchor, n.range?.[0] ?? 0)
  if (n && typeof n === 'object' && n.tag) problems.push(tagProblem(n, locate))
  // Only a double-quoted text has escapes (\x07, \ud800) that can make a
  // character its source does not show: every other kind of text is its
  // source's characters, which findControlCharacters has already read, and
  // valid UTF-8 holds no lone surrogate.
  if (isScalar(node) && node.type === 'QUOTE_DOUBLE' && typeof node.value === 'string') {
    const escaped = escapedCharacterProblem(node.value, locate((node as ParsedNode).range[0]))
    if (escaped) problems.push(escaped)
  }
  if (!isMap(node) && !isSeq(node)) return
  if (depth > limits.maxDepth) {
    problems.push(problem('TooDeep', { limit: limits.maxDepth }, locate((node as ParsedNode).range[0])))
    return
  }
  if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) {
      const slip = itemRunOn(item, index === 0, locate)
      if (slip) problems.push(slip)
      walk(item, depth + 1, problems, locate, found, true)
    }
    return
  }
  if (node.items.length > limits.maxKeysPerMapping) {
    const count = node.items.length
    problems.push(problem('TooManyKeys', { count, limit: limits.maxKeysPerMapping }, locate((node as ParsedNode).range[0])))
    return
  }
  let seen = new Set<string>()
  // The key that starts a list item: when it comes again in the same
  // mapping, the line is a new item whose "- " was lost.
  let itemStart = listItem && isPair(node.items[0]) && isScalar(node.items[0].key) ? (node.items[0].key as ParsedNode) : undefined
  for (const pair of node.items) {
    if (!isPair(pair)) continue
    const key = pair.key as ParsedNode | null
    if (isScalar(key)) {
      const name = String(key.value)
      if (typeof key.value !== 'string' && key.value !== null) {
        // 1: and "1": would collide once converted; field names are words anyway.
        problems.push(problem('KeyNotText', { key: String(key.source ?? name) }, locate(key.range[0])))
      } else if (itemStart && seen.has(name) && name === String((itemStart as { value?: unknown }).value)) {
        problems.push(lostDash(key, itemStart, locate))
        // The fields after it belong to the new item: they are not duplicates.
        seen = new Set()
        itemStart = key
      } else if (seen.has(name)) {
        problems.push(problem('DuplicateKey', { key: name }, locate(key.range[0])))
      }
      seen.add(name)
      walk(key, depth + 1, problems, locate, found)
    } else if (key) {
      problems.push(problem('KeyNotText', { key: 'written as a list or mapping' }, locate(key.range[0])))
    }
    walk(pair.value, depth + 1, problems, locate, found)
  }
}

/**
 * A list item whose "- " was deleted reads as more fields of the item above:
 * its first field repeats that item's first field. "Delete one of the two
 * lines" would delete a whole item; the fix is to put the dash back, two
 * columns before the field, where the item above has its own.
 */
function lostDash(key: ParsedNode, previous: ParsedNode, locate: Locate): Problem {
  const at = locate(key.range[0])
  const before = locate(previous.range[0])
  const line = lineAround(locate.source, key.range[0]).trim()
  const previousLine = lineAround(locate.source, previous.range[0])
  const dash = previousLine.lastIndexOf('-', before.column - 1)
  const fixed = `- ${excerpt(line)}`
  return problem(
    'MissingDash',
    { key: String((key as { value?: unknown }).value), line: at.line, fixed, merged: true, sibling: { line: before.line, text: excerpt(previousLine.slice(Math.max(0, dash)).trim()) } },
    { ...at, column: Math.max(1, at.column - 2) },
  )
}

/**
 * One problem for all aliases: the first, with how many follow. An alias
 * bomb holds thousands, and each says the same. The anchor (&name) is named
 * in the hint rather than reported apart: alone it changes nothing, and the
 * fix for both is one edit. An alias without an anchor before it was meant
 * as text ("*bold* claims"), so the hint quotes it instead.
 */
function aliasProblem({ firstAlias: first, aliases, anchors }: Found, locate: Locate): Problem | undefined {
  if (!first) return undefined
  const start = first.range![0]
  const anchored = anchors.get(first.source)
  const more = aliases - 1
  if (anchored !== undefined && anchored < start) {
    // The value's range starts after its "&name"; the hint points at the name.
    const anchor = locate.source.lastIndexOf(`&${first.source}`, anchored)
    return problem('AliasNotAllowed', { name: first.source, more, anchorLine: locate(anchor < 0 ? anchored : anchor).line }, locate(start))
  }
  const where = locate(start)
  const shape = readLine(lineAround(locate.source, start))
  const text = locate.source.slice(start, first.range![1]).trim()
  const literal = shape.valueColumn === where.column - 1 ? { text, fixed: withValue(shape, quoteText(text)) } : undefined
  return problem('AliasNotAllowed', { name: first.source, more, ...(literal ? { literal } : {}) }, where)
}

/** Where a problem goes among others listed in the order of the file. */
function firstAfter(problems: readonly Problem[], p: Problem): number {
  const index = problems.findIndex((q) => q.line > p.line || (q.line === p.line && q.column > p.column))
  return index < 0 ? problems.length : index
}

/**
 * "!include file.txt" asks for a feature pages do not have; other tags ask
 * YAML to read a value as a set, a date and so on. A one-line value keeps
 * its text in quotes.
 */
function tagProblem(node: Node & { range?: [number, number, number]; tag?: string }, locate: Locate): Problem {
  const tag = shortTag(node.tag!)
  const at = tagStart(locate.source, node.range?.[0] ?? 0)
  const where = locate(at)
  const source = isScalar(node) && typeof node.source === 'string' && !node.source.includes('\n') ? node.source : undefined
  const shape = readLine(lineAround(locate.source, at))
  const onLine = source !== undefined && shape.valueColumn === where.column - 1
  if (/^!(include|import)$/i.test(tag)) {
    return problem('TagNotAllowed', { tag, include: source ?? '', ...(onLine ? { fixed: withValue(shape, '"..."') } : {}) }, where)
  }
  return problem('TagNotAllowed', { tag, ...(onLine ? { fixed: withValue(shape, quoteText(source)) } : {}) }, where)
}

/**
 * A list item indented deeper than the item above it is read by YAML as
 * more text of that item ("two - three"), silently. Nothing else in a page
 * reads that way, so it is reported as the indentation slip it is.
 */
function itemRunOn(item: unknown, first: boolean, locate: Locate): Problem | undefined {
  if (!isScalar(item) || item.type !== 'PLAIN' || !item.range) return undefined
  const text = locate.source.slice(item.range[0], item.range[1])
  const runOns = [...text.matchAll(/\n([ \t]*)(-(?:[ \t].*|$))/g)]
  const runOn = runOns[0]
  if (!runOn) return undefined
  const start = locate(item.range[0])
  const prefix = locate.source.slice(item.range[0] - start.column + 1, item.range[0])
  if (!/^ *- +$/.test(prefix)) return undefined
  const itemLine = { line: start.line, text: excerpt(`${prefix.trimStart()}${text.split('\n', 1)[0]!.trim()}`) }
  const runOnLine = { line: start.line + 1 + countLines(text, runOn.index), text: excerpt(runOn[2]!.trim()) }
  const found = runOn[1]!.length
  // The first item against two or more that line up with each other: the
  // first is the one that slipped.
  if (first && runOns.length > 1 && runOns.every((r) => r[1]!.length === found)) {
    return problem('BadIndentation', { found: prefix.indexOf('-'), expected: found, what: 'item', sibling: runOnLine, text: itemLine.text }, { ...start, column: prefix.indexOf('-') + 1 })
  }
  const at = locate(item.range[0] + runOn.index + 1 + found)
  return problem('BadIndentation', { found, expected: prefix.indexOf('-'), what: 'item', sibling: itemLine, text: runOnLine.text }, at)
}

function countLines(text: string, end: number): number {
  let count = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) count++
  return count
}

/** A node's range starts after its tag; point at the tag itself. */
function tagStart(source: string, nodeStart: number): number {
  let i = source.lastIndexOf('!', nodeStart)
  while (i > 0 && source[i - 1] === '!') i--
  return i < 0 ? nodeStart : i
}

function shortTag(tag: string): string {
  return tag.replace(/^tag:yaml\.org,2002:/, '!!')
}

/**
 * Brackets nested past the depth limit. Checked before parsing because the
 * parser recurses per level and would overflow the stack on [[[[...]]]].
 */
function findDeepBrackets(source: string, file: string): Problem[] {
  let depth = 0
  let quote = ''
  let line = 1
  let lineStart = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '\n') {
      line++
      lineStart = i + 1
      if (quote === "'" || quote === '"') continue
    }
    if (quote) {
      if (c === quote && source[i - 1] !== '\\') quote = ''
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (c === '#' && (i === 0 || /\s/.test(source[i - 1]!))) {
      const end = source.indexOf('\n', i)
      i = (end === -1 ? source.length : end) - 1
    } else if (c === '[' || c === '{') {
      if (++depth > limits.maxDepth) return [problem('TooDeep', { limit: limits.maxDepth }, { file, line, column: i - lineStart + 1 })]
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1)
  }
  return []
}

/** %YAML and %TAG lines: only YAML 1.2 with the core schema is accepted. */
function findDirectives(source: string, file: string): Problem[] {
  const problems: Problem[] = []
  const lines = source.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith('%')) {
      problems.push(problem('DirectiveNotAllowed', { directive: line.trim() }, { file, line: i + 1, column: 1 }))
    }
    if (line.startsWith('---')) break
  }
  return problems
}

const controlNames: Record<number, string> = {
  0x00: 'NUL',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
}

function controlName(char: string): string {
  const code = char.charCodeAt(0)
  return controlNames[code] ?? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * A character the source cannot hold literally (the check above reports it)
 * may still be written as a double-quoted escape: "\0", "\e", "\u202E". The
 * value is checked too, and so is a lone surrogate ("\uD800"), which is not
 * a character at all: HTML shows it as U+FFFD while the page data keeps it.
 */
function escapedCharacterProblem(value: string, at: Location): Problem | undefined {
  const control = new RegExp(controlPattern.source).exec(value)
  if (control) {
    return problem('ControlCharacter', { name: controlName(control[0]) }, at)
  }
  const surrogate = loneSurrogate.exec(value)
  if (surrogate) return problem('LoneSurrogate', { code: `U+${surrogate[0].charCodeAt(0).toString(16).toUpperCase()}` }, at)
  return undefined
}

function findControlCharacters(source: string, file: string): Problem[] {
  const problems: Problem[] = []
  let line = 1
  let lineStart = 0
  let searchFrom = 0
  for (const match of source.matchAll(controlPattern)) {
    for (let i = searchFrom; i < match.index; i++) {
      if (source.charCodeAt(i) === 10) {
        line++
        lineStart = i + 1
      }
    }
    searchFrom = match.index
    problems.push(problem('ControlCharacter', { name: controlName(match[0]) }, { file, line, column: match.index - lineStart + 1 }))
    if (problems.length >= limits.maxProblemsPerFile) break
  }
  return problems
}

type Decoded = { ok: true; text: string } | { ok: false; encoding: string; line: number; column: number }

function decodeUtf8(bytes: Uint8Array): Decoded {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, encoding: 'it looks like UTF-16', line: 1, column: 1 }
  }
  try {
    // A UTF-8 byte-order mark is harmless and stripped (ignoreBOM: false).
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    const bad = firstInvalidByte(bytes)
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, bad))
    const lines = before.split('\n')
    return {
      ok: false,
      encoding: `byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} is not UTF-8; perhaps Latin-1 or Windows-1252`,
      line: lines.length,
      column: lines[lines.length - 1]!.length + 1,
    }
  }
}

/** Binary search for the first byte a fatal decoder rejects. */
function firstInvalidByte(bytes: Uint8Array): number {
  const fails = (end: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end), { stream: true })
      return false
    } catch {
      return true
    }
  }
  let lo = 0
  let hi = bytes.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (fails(mid + 1)) hi = mid
    else lo = mid + 1
  }
  // The decoder notices a broken sequence at the byte after it ("Caf\xe9\n"
  // fails at the newline); point at the lead byte that started it.
  for (let back = lo; back >= Math.max(0, lo - 3); back--) {
    if (bytes[back]! >= 0xc0) return back
  }
  return lo
}
