import { isMap, isPair, isScalar, isSeq, type ParsedNode } from 'yaml'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { lineAround, quoteText, readLine, withValue } from '../yaml/yaml-line.ts'
import { nodeAt, type PathSegment } from '../yaml/locate.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'
import type { Defs, JsonSchema } from './schema-files.ts'
import { resolveField } from './schema-walk.ts'

/**
 * Text fields whose unquoted value is followed by " #" on the same line:
 * YAML reads the rest of the line as a comment, so "The #1 partner" is
 * published as "The". A comment on a line of its own is left alone, and so
 * are fields that are not prose (links, picture paths, fixed choices), where
 * a note after the value cuts nothing.
 */
export function commentsCuttingText(parsed: ParsedYaml, path: readonly PathSegment[], schema: JsonSchema, defs: Defs): Problem[] {
  // A comment that cuts a text starts with a space or tab before "#": a file
  // without one has none, and its document need not be walked (or, for a
  // file kept as text, parsed again).
  if (!/[ \t]#/.test(parsed.source)) return []
  const problems: Problem[] = []
  const visit = (node: unknown, field: JsonSchema | undefined, name: string | undefined): void => {
    const resolved = resolveField(field, defs, schema)
    if (!resolved) return
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue
        const key = String(pair.key.value)
        visit(pair.value, resolved.properties?.[key], key)
      }
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item, resolved.items as JsonSchema | undefined, name)
    } else if (isScalar(node) && isProse(resolved)) {
      const cut = cutByComment(parsed, node as ParsedNode)
      if (cut) problems.push(problem('CommentCutsText', { field: name ?? 'this item', ...cut.args }, cut.at))
    }
  }
  visit(nodeAt(parsed, path), schema, undefined)
  return problems
}

function isProse(field: JsonSchema): boolean {
  return field.type === 'string' && !('enum' in field) && !('const' in field) && !('format' in field) && !('pattern' in field)
}

function cutByComment(parsed: ParsedYaml, node: ParsedNode) {
  if (!isScalar(node) || node.type !== 'PLAIN' || typeof node.value !== 'string') return undefined
  const source = parsed.source
  if (source.slice(node.range[0], node.range[1]).includes('\n')) return undefined
  const end = node.range[1]
  const lineEnd = source.indexOf('\n', end)
  const rest = source.slice(end, lineEnd < 0 ? source.length : lineEnd).replace(/\r$/, '')
  const hash = /^[ \t]+#/.exec(rest)
  if (!hash) return undefined
  const at = end + hash[0].length - 1
  const { line, col } = parsed.lineCounter.linePos(at)
  const text = `${source.slice(node.range[0], end)}${rest}`.trimEnd()
  const shape = readLine(lineAround(source, node.range[0]))
  return {
    at: { file: parsed.file, line, column: col },
    args: { kept: String(node.value), cut: rest.trim(), fixed: withValue(shape, quoteText(text)) },
  }
}
