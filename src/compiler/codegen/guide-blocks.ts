import type { SchemaFiles } from '../schema/schema-files.ts'

/**
 * The table of blocks in docs/authoring.md, made by `npm run gen` from each
 * block schema's description (its first sentence says what the block is),
 * so the authors' guide says what the schema says and a new block's row is
 * its own, never a starter's words left behind. It stands between these
 * two lines of the guide.
 */
export const guideTableStart = '<!-- The table of blocks is made by npm run gen from the first sentence of each block schema\'s "description": change those, not this. -->'
export const guideTableEnd = '<!-- End of the table of blocks. -->'

export function guideBlockTable(blocks: SchemaFiles['blocks']): string {
  const rows = [...blocks].map(([type, { schema }]) => `| \`${type}\` | ${cell(firstSentence(String(schema.description ?? '')))} |`)
  return ['| block | what it is |', '| --- | --- |', ...rows].join('\n')
}

/** The guide with its table of blocks made again; the guide as it is when it has no place for one. */
export function withGuideTable(guide: string, table: string): string {
  const start = guide.indexOf(guideTableStart)
  const end = guide.indexOf(guideTableEnd, start)
  if (start < 0 || end < 0) return guide
  return `${guide.slice(0, start + guideTableStart.length)}\n${table}\n${guide.slice(end)}`
}

/** Up to the first full stop that ends a sentence (one followed by a space and a capital or a bracket, or the end). */
function firstSentence(text: string): string {
  const end = /[.!?](?=\s+[A-Z(]|\s*$)/.exec(text)
  return end ? text.slice(0, end.index + 1) : text
}

/** A table cell holds no line break and no bar of its own. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('|', '\\|')
}
