import { isMap, isPair, isScalar, isSeq, type Node, type ParsedNode, type Pair } from 'yaml'
import type { Location } from '../problems/errors.ts'
import type { ParsedYaml } from './parse-yaml.ts'

export type PathSegment = string | number

/** The name of the field a path ends in (its last key, past any list index). */
export function lastKey(path: readonly PathSegment[]): string | undefined {
  return path.findLast((s): s is string => typeof s === 'string')
}

/** "/blocks/0/title" -> ["blocks", 0, "title"] (JSON Pointer, RFC 6901). */
export function pointerToPath(pointer: string): PathSegment[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s))
}

/** The YAML node at a data path, or undefined where the value is absent. */
export function nodeAt(parsed: ParsedYaml, path: readonly PathSegment[]): ParsedNode | undefined {
  let node: unknown = parsed.doc.contents
  for (const segment of path) {
    if (isMap(node)) node = pairOf(node.items as Pair[], segment)?.value
    else if (isSeq(node) && typeof segment === 'number') node = node.items[segment]
    else return undefined
  }
  return (node ?? undefined) as ParsedNode | undefined
}

/** The key node of a field, for problems about the field itself. */
export function keyNodeAt(parsed: ParsedYaml, path: readonly PathSegment[], key: string): ParsedNode | undefined {
  const parent = nodeAt(parsed, path)
  if (!isMap(parent)) return undefined
  return pairOf(parent.items as Pair[], key)?.key as ParsedNode | undefined
}

function pairOf(items: Pair[], key: PathSegment): Pair | undefined {
  return items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key))
}

export function locationOf(parsed: ParsedYaml, node: Node | undefined | null): Location {
  const offset = (node as ParsedNode | undefined)?.range?.[0] ?? 0
  const { line, col } = parsed.lineCounter.linePos(offset)
  return { file: parsed.file, line, column: col }
}

/**
 * The best node to point at for a data path: the value if present, else the
 * field's key (an empty value), else the nearest existing ancestor.
 */
export function locatePath(parsed: ParsedYaml, path: readonly PathSegment[]): Location {
  // The data path travels with the place, so a form can show the problem at its field.
  return { ...nodeLocation(parsed, path), path: [...path] }
}

function nodeLocation(parsed: ParsedYaml, path: readonly PathSegment[]): Location {
  const value = nodeAt(parsed, path)
  if (value) return locationOf(parsed, value)
  const last = path[path.length - 1]
  if (typeof last === 'string') {
    const key = keyNodeAt(parsed, path.slice(0, -1), last)
    if (key) return locationOf(parsed, key)
  }
  for (let n = path.length - 1; n >= 0; n--) {
    const ancestor = nodeAt(parsed, path.slice(0, n))
    if (ancestor) return locationOf(parsed, ancestor)
  }
  return { file: parsed.file, line: 1, column: 1 }
}

/** The text of a scalar exactly as written in the file. */
export function sourceText(parsed: ParsedYaml, node: ParsedNode | undefined): string | undefined {
  if (!node?.range) return undefined
  return parsed.source.slice(node.range[0], node.range[1])
}

/** The rest of the line after a field's key, e.g. ` #fff` for "color: #fff". */
export function restOfLineAfterKey(parsed: ParsedYaml, keyNode: ParsedNode | undefined): string {
  if (!keyNode?.range) return ''
  const from = keyNode.range[1]
  const end = parsed.source.indexOf('\n', from)
  return parsed.source.slice(from, end === -1 ? undefined : end).replace(/^\s*:\s?/, '')
}
