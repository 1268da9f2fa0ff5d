/**
 * One line of a page file, read just far enough to explain a syntax error in
 * the author's terms: where its content starts, whether it is a list item,
 * its field name and its value. What the file means is the parser's business;
 * this only looks at the shape of lines the parser has already rejected.
 */
export interface LineShape {
  /** Blanks before the content; a tab counts as one. */
  indent: number
  /** The indentation holds a tab, which YAML does not allow. */
  tab: boolean
  /** Nothing but blanks or a comment. */
  blank: boolean
  /** 0-based columns of the "- " that start list items, outermost first. */
  dashes: number[]
  /** The field name, when the content after any "- " is "name: ...". */
  key?: string
  /** 0-based column of the content after any "- ". */
  contentColumn: number
  /** The value after "name: " (or after "- " when there is no name), trailing blanks removed. */
  value: string
  /** 0-based column where `value` starts. */
  valueColumn: number
  /** The content from its first non-blank character, for quoting in messages. */
  text: string
  /** The line as written, without its end-of-line characters. */
  raw: string
}

// A field name: quoted, or plain text up to the first ":" followed by a blank
// or the end of the line. Plain names cannot start with YAML's indicator
// characters (those start a value, not a name). Blanks before the colon are
// left to the lazy name (and trimmed) so that a long line costs one pass.
const keyPattern = /^(?:(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*|[^\s#"'[\]{}?|>&*!%@`,-][^#]*?|-[^\s#][^#]*?):(?=[ \t]|$)/

export function readLine(raw: string): LineShape {
  const indent = /^[ \t]*/.exec(raw)![0].length
  const text = raw.slice(indent).trimEnd()
  const dashes: number[] = []
  let column = indent
  while (raw[column] === '-' && (column + 1 === raw.length || raw[column + 1] === ' ' || raw[column + 1] === '\t')) {
    dashes.push(column)
    column++
    while (raw[column] === ' ' || raw[column] === '\t') column++
  }
  const key = keyPattern.exec(raw.slice(column))
  let valueColumn = column
  if (key) {
    valueColumn = column + key[0].length
    while (raw[valueColumn] === ' ' || raw[valueColumn] === '\t') valueColumn++
  }
  return {
    indent,
    tab: raw.slice(0, indent).includes('\t'),
    blank: text === '' || text.startsWith('#'),
    dashes,
    ...(key ? { key: unquoteKey(key[0].slice(0, key[0].lastIndexOf(':')).trimEnd()) } : {}),
    contentColumn: column,
    value: raw.slice(valueColumn).trimEnd(),
    valueColumn,
    text,
    raw,
  }
}

function unquoteKey(key: string): string {
  if (key.startsWith('"')) return key.slice(1, -1)
  if (key.startsWith("'")) return key.slice(1, -1).replaceAll("''", "'")
  return key
}

/** The lines of a file, without "\r" from Windows line ends. */
export function splitLines(source: string): string[] {
  return source.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
}

/** An unquoted value without its trailing comment (" # ..."). */
export function withoutComment(value: string): string {
  const hash = /(^|[ \t])#/.exec(value)
  return (hash ? value.slice(0, hash.index) : value).trimEnd()
}

/**
 * The line as the author would fix it: its content with `value` in place of
 * what follows the field name (or the "- "). Indentation is left out: the
 * hint shows what to type, and the author keeps the line where it is.
 */
export function withValue(shape: LineShape, value: string): string {
  return `${shape.raw.slice(shape.indent, shape.valueColumn)}${value}`
}

/**
 * Text in YAML quotes that keep it exactly as written: double quotes unless
 * it holds a double quote or a backslash, then single quotes, and escaped
 * double quotes when it holds both kinds.
 */
export function quoteText(text: string): string {
  if (!/["\\]/.test(text)) return `"${text}"`
  if (!text.includes("'")) return `'${text}'`
  return JSON.stringify(text)
}

/**
 * Index of the quote that closes a quoted value, searching from `from`; -1
 * when it does not close on this line. Inside "double quotes" a backslash
 * escapes the next character; inside 'single quotes' '' stands for one quote.
 */
export function closingQuote(text: string, from: number, quote: string): number {
  for (let i = from; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++
      else return i
    }
  }
  return -1
}

/** How deep in [ ] and { } a line leaves a flow value that started `depth` deep. */
export function flowDepth(text: string, depth: number): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"' || c === "'") {
      const end = closingQuote(text, i + 1, c)
      if (end < 0) return depth
      i = end
    } else if (c === '#' && (i === 0 || text[i - 1] === ' ' || text[i - 1] === '\t')) return depth
    else if (c === '[' || c === '{') depth++
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1)
  }
  return depth
}

/** What a value on a line leaves open for the lines after it. */
export type ValueKind = 'none' | 'block' | 'open-quote' | 'open-flow' | 'inline'

export function valueKind(value: string): ValueKind {
  // An anchor (&name) or tag (!name) before the value does not change it.
  const rest = value.replace(/^(?:[&!]\S*[ \t]*)+/, '')
  if (rest === '' || rest.startsWith('#')) return 'none'
  if (/^[|>][-+0-9]*[ \t]*(#.*)?$/.test(rest)) return 'block'
  if (rest[0] === '"' || rest[0] === "'") return closingQuote(rest, 1, rest[0]) < 0 ? 'open-quote' : 'inline'
  if (rest[0] === '[' || rest[0] === '{') return flowDepth(rest, 0) > 0 ? 'open-flow' : 'inline'
  return 'inline'
}

/** The line that holds `offset`, without its end-of-line characters. */
export function lineAround(source: string, offset: number): string {
  const start = source.lastIndexOf('\n', offset - 1) + 1
  const end = source.indexOf('\n', offset)
  const line = source.slice(start, end < 0 ? source.length : end)
  return line.endsWith('\r') ? line.slice(0, -1) : line
}

/** Content quoted in a hint: its start is what the author looks for. */
export function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}
