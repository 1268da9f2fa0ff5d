import type { LineCounter, YAMLError } from 'yaml'
import { problem, type ArgsOf, type Location, type yamlSyntaxCodes } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { findIndentSlip } from './yaml-indentation.ts'
import { excerpt, quoteText, readLine, splitLines, withoutComment, withValue, type LineShape } from './yaml-line.ts'
import { lex, unclosedBracket, unclosedQuote, type Token } from './yaml-tokens.ts'

/** One of the syntax problems with its arguments, as trouble() tells them apart. */
type Trouble = { [K in (typeof yamlSyntaxCodes)[number]]: { code: K; args: ArgsOf<K> } }[(typeof yamlSyntaxCodes)[number]]

function reported(found: Trouble, at: Location): Problem {
  return problem(found.code, found.args as never, at)
}

/**
 * The one problem to report for a file the parser could not read. After its
 * first error the parser is lost, and what it says next is about its own
 * confusion, so only the first error is explained: in the author's words,
 * from the lines around it, never in the parser's.
 */
export function describeSyntaxError(file: string, source: string, errors: readonly YAMLError[], lineCounter: LineCounter): Problem {
  const locate = (offset: number): Location => {
    const { line, col } = lineCounter.linePos(offset)
    return { file, line, column: col }
  }
  const lines = splitLines(source)
  const tokens = lex(source)
  const first = earliest(source, errors, tokens, locate)
  const where = first.where
  const shape = readLine(lines[where.line - 1] ?? '')
  const { code } = first.error

  if (code === 'MULTIPLE_DOCS') return problem('MultipleDocuments', {}, where)
  if (first.quote) return problem('UnclosedQuote', unclosedQuoteFix(lines, first.quote, where), where)
  if (first.bracket) return problem('UnclosedBracket', first.bracket, where)

  // The parser blames a field for not ending where it should, or stops at the
  // end of a line: the line that breaks it off often comes next.
  const lineEnd = where.column > shape.raw.trimEnd().length
  const multiline = code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY' || code === 'BAD_INDENT' || shape.blank || lineEnd
  const colon = code === 'BLOCK_AS_IMPLICIT_KEY' ? colonInValue(shape) : undefined
  const slip = findIndentSlip(lines, multiline ? nextContentLine(lines, where.line) : where.line)
  if (slip && (!colon || slip.line <= where.line)) {
    const at = { file, line: slip.line, column: slip.tab ? 1 : slip.found + 1 }
    if (slip.tab) return problem('TabIndent', { expected: slip.expected, sibling: slip.sibling, text: slip.text }, at)
    const dashless = slip.what === 'field' ? lostDash(lines, slip.line, slip.found) : undefined
    if (dashless) return problem('MissingDash', dashless, at)
    const { found, expected, what, sibling, text, continues, firstField } = slip
    return problem('BadIndentation', { found, expected: expected!, what, sibling: sibling!, text, continues, firstField }, at)
  }
  if (colon) return problem('ColonInValue', colon, { ...where, column: shape.valueColumn + 1 })
  const tab = errors.find((e) => e.code === 'TAB_AS_INDENT')
  if (tab) return problem('TabIndent', {}, locate(tab.pos[0]))
  if (shape.tab) return problem('TabIndent', {}, { ...where, column: 1 })

  const literal = aliasAsText(shape)
  if (literal) return problem('AliasNotAllowed', { name: literal.name, more: 0, literal }, { ...where, column: shape.valueColumn + 1 })
  const bullet = lostBulletDash(lines, where.line, shape)
  if (bullet) return problem('MissingDash', bullet, { ...where, column: shape.indent + 1 })
  const found = trouble(code, source, first.offset, shape)
  // A value that cannot start the way it does is pointed at from its start.
  return reported(found, found.code === 'SpecialFirstCharacter' ? { ...where, column: shape.valueColumn + 1 } : where)
}

interface FirstError {
  error: YAMLError
  offset: number
  where: Location
  quote?: string
  bracket?: ArgsOf<'UnclosedBracket'>
}

/**
 * The error that comes first in the file. A quote or a bracket that never
 * closes is reported by the parser where the file or the value ends; it
 * counts from where it opens, which the lexer's tokens show.
 */
function earliest(source: string, errors: readonly YAMLError[], tokens: readonly Token[], locate: (offset: number) => Location): FirstError {
  const quote = unclosedQuote(tokens)
  const bracket = unclosedBracket(tokens)
  let first: FirstError | undefined
  for (const error of errors) {
    let found: FirstError = { error, offset: error.pos[0], where: locate(error.pos[0]) }
    // Any error after a quote that never closes comes from it: the rest of the file is inside the quote.
    if (quote && quote.offset <= error.pos[0]) found = { error, offset: quote.offset, where: locate(quote.offset), quote: quote.quote }
    else if (bracket && bracket.offset <= error.pos[0] && (error.code === 'MISSING_CHAR' || error.code === 'BAD_INDENT')) {
      found = { error, offset: bracket.offset, where: locate(bracket.offset), bracket: closingFix(source, bracket) }
    }
    if (!first || found.where.line < first.where.line) first = found
  }
  return first!
}

/**
 * A field in the column of the "- " of the list item above, named like that
 * item's first field: a new item whose "- " was deleted.
 */
function lostDash(lines: readonly string[], line: number, column: number): { key: string; line: number; fixed: string; sibling: { line: number; text: string } } | undefined {
  const shape = readLine(lines[line - 1]!)
  if (shape.key === undefined) return undefined
  for (let n = line - 1; n >= 1; n--) {
    const above = readLine(lines[n - 1]!)
    if (above.blank) continue
    if (above.indent < column) return undefined
    if (above.dashes.at(-1) !== column) continue
    if (above.key !== shape.key) return undefined
    return { key: shape.key, line, fixed: `- ${excerpt(shape.text)}`, sibling: { line: n, text: excerpt(above.text) } }
  }
  return undefined
}

function nextContentLine(lines: readonly string[], line: number): number {
  for (let n = line + 1; n <= lines.length; n++) {
    if (!readLine(lines[n - 1]!).blank) return n
  }
  return line
}

/** "heading: Who we recruit: everyone": a second ": " inside unquoted text. */
function colonInValue(shape: LineShape): { key: string; fixed: string; atEnd: boolean } | undefined {
  if (shape.key === undefined || /^["'[{|>&!*]/.test(shape.value)) return undefined
  const text = withoutComment(shape.value)
  const inside = /:[ \t]/.test(text)
  if (!inside && !text.endsWith(':')) return undefined
  return { key: shape.key, fixed: withValue(shape, quoteText(text)), atEnd: !inside }
}

/** "title: *bold* claims": a value starting with "*" is read as an alias. */
function aliasAsText(shape: LineShape): { name: string; text: string; fixed: string } | undefined {
  if (!shape.value.startsWith('*')) return undefined
  const text = withoutComment(shape.value)
  return { name: /^\*([^\s,[\]{}]*)/.exec(text)![1]!, text, fixed: withValue(shape, quoteText(text)) }
}

/** The corrected line closes the quote at the end of the line it opens on. */
function unclosedQuoteFix(lines: readonly string[], quote: string, opening: Location): ArgsOf<'UnclosedQuote'> {
  const shape = readLine(lines[opening.line - 1] ?? '')
  const text = withoutComment(shape.value.slice(1))
  const opensValue = shape.valueColumn === opening.column - 1
  return { quote, ...(opensValue && text ? { fixed: withValue(shape, `${quote}${text}${quote}`) } : {}) }
}

/** The bracket's value closed at the end of its line, and the same value quoted, when the bracket starts the value. */
function closingFix(source: string, open: { offset: number; bracket: '[' | '{'; close: ']' | '}' }): ArgsOf<'UnclosedBracket'> {
  const { bracket, close } = open
  const lineStart = source.lastIndexOf('\n', open.offset - 1) + 1
  const lineEnd = source.indexOf('\n', open.offset)
  const line = readLine(source.slice(lineStart, lineEnd < 0 ? undefined : lineEnd))
  const value = withoutComment(line.value)
  return { bracket, close, ...(value.startsWith(bracket) ? { closed: withValue(line, `${value}${close}`), quoted: withValue(line, quoteText(value)) } : {}) }
}

/**
 * A plain line (no "name:", no "- ") in the column where the list items
 * around it have their "- ": an item of a list of texts (bullets) that lost
 * its dash. The nearest item above or below is the one to copy.
 */
function lostBulletDash(lines: readonly string[], line: number, shape: LineShape): ArgsOf<'MissingDash'> | undefined {
  if (shape.blank || shape.key !== undefined || shape.dashes.length || shape.tab) return undefined
  for (const step of [-1, 1]) {
    for (let n = line + step; n >= 1 && n <= lines.length; n += step) {
      const near = readLine(lines[n - 1]!)
      if (near.blank) continue
      if (near.indent === shape.indent && near.dashes[0] === shape.indent && near.key === undefined) {
        return { line, fixed: `- ${excerpt(shape.text)}`, sibling: { line: n, text: excerpt(near.text) } }
      }
      break
    }
  }
  return undefined
}

/** Everything else, told from the parser's code and the line it stopped on. */
function trouble(code: string, source: string, offset: number, shape: LineShape): Trouble {
  const value = withoutComment(shape.value)
  const char = source[offset] ?? ''
  if (code === 'UNEXPECTED_TOKEN' && (char === ']' || char === '}')) {
    return { code: 'StrayBracket', args: { bracket: char, ...(value ? { fixed: withValue(shape, quoteText(value)) } : {}) } }
  }
  if (code === 'BAD_DQ_ESCAPE') {
    const inner = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : undefined
    return { code: 'BadEscape', args: { escape: source.slice(offset, offset + 2), ...(inner !== undefined && !inner.includes("'") ? { fixed: withValue(shape, `'${inner}'`) } : {}) } }
  }
  const quote = value[0]
  if (code === 'UNEXPECTED_TOKEN' && (quote === '"' || quote === "'")) {
    const wrapped = value.length > 1 && value.endsWith(quote)
    const text = wrapped ? value.slice(1, -1) : value
    const after = excerpt(withoutComment(shape.raw.slice(offset - (source.lastIndexOf('\n', offset - 1) + 1))).trim())
    return { code: 'QuoteEndsEarly', args: { after, fixed: withValue(shape, quoteText(text)) } }
  }
  if (/^[@`%|>?]/.test(value)) return { code: 'SpecialFirstCharacter', args: { char: value[0]!, fixed: withValue(shape, quoteText(value)) } }
  if (shape.dashes.length && (code === 'MULTILINE_IMPLICIT_KEY' || code === 'UNEXPECTED_TOKEN' || code === 'BLOCK_AS_IMPLICIT_KEY')) {
    return { code: 'ListItemAmongFields', args: {} }
  }
  const noSpace = /^([^\s:#"'[\]{},&*!|>%@`-][^\s:]*):(\S.*)$/.exec(shape.text)
  if (noSpace && shape.key === undefined) return { code: 'NoSpaceAfterColon', args: { key: noSpace[1]!, fixed: `${noSpace[1]}: ${noSpace[2]}` } }
  if (shape.key === undefined && !shape.dashes.length && !shape.blank) {
    return { code: 'NotAField', args: /^[\w-]+$/.test(shape.text) ? { word: shape.text } : {} }
  }
  return { code: 'UnreadableLine', args: {} }
}
