import { CST, Lexer } from 'yaml'

/**
 * What the yaml library's own lexer says a file is made of, for the
 * explanations of a file it cannot read: where a quoted text or a bracket
 * opens and whether it is ever closed. Reading the tokens, not the parser's
 * English messages, keeps the explanations right across library upgrades.
 */
export interface Token {
  type: ReturnType<typeof CST.tokenType>
  offset: number
  source: string
}

/** The file's tokens, each with its offset in the file. */
export function lex(source: string): Token[] {
  const tokens: Token[] = []
  let offset = 0
  for (const text of new Lexer().lex(source)) {
    const type = CST.tokenType(text)
    // The lexer's own markers (a document starts, a scalar follows, a flow
    // collection ends in error) are one control character that is not in the file.
    const inFile = type !== 'doc-mode' && type !== 'scalar' && type !== 'flow-error-end'
    tokens.push({ type, offset, source: inFile ? text : '' })
    offset += inFile ? text.length : 0
  }
  return tokens
}

/** The first quoted text that never closes: its opening quote's offset and mark. */
export function unclosedQuote(tokens: readonly Token[]): { offset: number; quote: '"' | "'" } | undefined {
  for (const token of tokens) {
    if (token.type === 'double-quoted-scalar' && !closes(token.source, '"')) return { offset: token.offset, quote: '"' }
    if (token.type === 'single-quoted-scalar' && !closes(token.source, "'")) return { offset: token.offset, quote: "'" }
  }
  return undefined
}

/**
 * Whether a quoted scalar's text has its closing quote (the lexer ends the
 * token there): in double quotes a backslash escapes the next character; in
 * single quotes '' is one quote mark.
 */
function closes(text: string, quote: '"' | "'"): boolean {
  for (let i = 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++
      else return true
    }
  }
  return false
}

/**
 * The bracket of a one-line list ("[a, b]") or mapping ("{a: 1}") that is
 * never closed: the lexer ends it with an error token where the lines around
 * it take over, or the file ends inside it.
 */
export function unclosedBracket(tokens: readonly Token[]): { offset: number; bracket: '[' | '{'; close: ']' | '}' } | undefined {
  const open: Token[] = []
  for (const token of tokens) {
    if (token.type === 'flow-seq-start' || token.type === 'flow-map-start') open.push(token)
    else if (token.type === 'flow-seq-end' || token.type === 'flow-map-end') open.pop()
    else if (token.type === 'flow-error-end' && open.length) break
  }
  const first = open[0]
  if (!first) return undefined
  return first.type === 'flow-seq-start' ? { offset: first.offset, bracket: '[', close: ']' } : { offset: first.offset, bracket: '{', close: '}' }
}
