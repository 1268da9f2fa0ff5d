import { LineCounter, parseDocument, Scalar, type CST, type Document, type ScalarTag, type Tags } from 'yaml'
import { pageReading } from '../yaml/page-reading.ts'

/**
 * Editing page files in place (`npm run migrate`, the studio's forms): parse
 * with yaml's Document API, change a few nodes, print the rest exactly as it
 * was written. tests/unit/compiler/migrate/migrate.test.ts asserts that parse then print
 * reproduces every file under pages/ byte for byte, so a yaml upgrade that
 * changes printing is caught before it rewrites anyone's page. Pure: no file
 * system, so the studio's browser code imports it too.
 */
export interface EditableYaml {
  doc: Document.Parsed
  lineCounter: LineCounter
}

/** The printing options that reproduce this project's files. */
const printOptions = {
  // Never wrap: authors write long lines, and folded text keeps its own lines (below).
  lineWidth: 0,
  // Flow lists are written [a, b], not [ a, b ].
  flowCollectionPadding: false,
} as const

export function parseForEditing(source: string): EditableYaml {
  const lineCounter = new LineCounter()
  // The same reading as parse-yaml.ts (YAML 1.2 core), which has already
  // rejected everything a page may not contain; tokens are kept for printing.
  const doc = parseDocument(source, { lineCounter, ...pageReading, keepSourceTokens: true, customTags: keepFoldedLines }) as Document.Parsed
  return { doc, lineCounter }
}

/** How a file indents: pages use two spaces and indent a list under its key. */
export interface Layout {
  indent: number
  indentSeq: boolean
}

export const pageLayout: Layout = { indent: 2, indentSeq: true }

export function printYaml(doc: Document, layout: Layout = pageLayout): string {
  return doc.toString({ ...printOptions, ...layout })
}

/**
 * The indentation a file already uses, read from its first nested mapping
 * and its first list under a key, so new lines look like their neighbours.
 */
export function layoutOf(source: string): Layout {
  const lines = source.split('\n').filter((line) => line.trim() && !line.trimStart().startsWith('#'))
  const width = (line: string) => line.length - line.trimStart().length
  let indent: number | undefined
  let indentSeq: boolean | undefined
  for (let i = 0; i + 1 < lines.length && (indent === undefined || indentSeq === undefined); i++) {
    const [line, next] = [lines[i]!, lines[i + 1]!]
    if (!/:\s*$/.test(line)) continue
    const deeper = width(next) - width(line)
    const isItem = next.trimStart().startsWith('- ')
    if (isItem && indentSeq === undefined) indentSeq = deeper > 0
    if (deeper > 0 && indent === undefined) indent = deeper
  }
  return { indent: indent ?? pageLayout.indent, indentSeq: indentSeq ?? pageLayout.indentSeq }
}

type StringifyArgs = Parameters<NonNullable<ScalarTag['stringify']>>

/**
 * yaml re-wraps folded text (">-") to a line width when printing: nothing in
 * the document records where the author broke the lines. An unchanged folded
 * scalar is printed from its source lines instead, re-indented if it moved.
 */
function keepFoldedLines(tags: Tags): Tags {
  return tags.map((tag) => {
    if (typeof tag !== 'object' || tag.tag !== 'tag:yaml.org,2002:str' || tag.collection || !tag.stringify) return tag
    const fallback = tag.stringify
    const stringify = (item: Scalar, ctx: StringifyArgs[1], onComment?: () => void, onChompKeep?: () => void) =>
      foldedAsWritten(item, ctx, onComment) ?? fallback(item, ctx, onComment, onChompKeep)
    return { ...tag, stringify } satisfies ScalarTag
  })
}

function foldedAsWritten(item: Scalar, ctx: StringifyArgs[1], onComment?: () => void): string | undefined {
  const token = item.srcToken
  if (item.type !== Scalar.BLOCK_FOLDED || token?.type !== 'block-scalar' || item.value !== item.source) return undefined
  if (ctx.implicitKey || ctx.inFlow) return undefined
  const header = token.props.find((p): p is CST.SourceToken => p.type === 'block-scalar-header')?.source
  // An indentation indicator (">2") or kept trailing lines (">+") are rare
  // enough to leave to the library.
  if (header !== '>' && header !== '>-') return undefined
  const lines = token.source.replace(/\n+$/, '').split('\n')
  const written = /^ */.exec(lines.find((l) => l.trim()) ?? '')![0].length
  const indent = ctx.indent || '  '
  const body = indent.length === written ? lines : lines.map((line) => (line.length > written ? indent + line.slice(written) : line.trim()))
  let head = header
  if (item.comment) {
    head += ` ${ctx.options.commentString!(item.comment.replace(/ ?[\r\n]+/g, ' '))}`
    onComment?.()
  }
  return `${head}\n${body.join('\n')}`
}
