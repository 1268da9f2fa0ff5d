import { isMap, isScalar, isSeq } from 'yaml'
import { problem, type Location, type WrongTypeFix } from '../problems/errors.ts'
import { keyNodeAt, lastKey, nodeAt, restOfLineAfterKey, sourceText, type PathSegment } from '../yaml/locate.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'
import type { Problem } from '../problems/problems.ts'
import type { JsonSchema } from './schema-files.ts'

/** What the schema says about the field a problem is about. */
export interface FieldContext {
  /** Whether the object holding the field requires it. */
  required: boolean
  schema?: JsonSchema
  /** The field as YAML, from its example (schema-walk.ts yamlSnippet). */
  snippet?: string
}

/** Each JSON type as an author says it: "a whole number", "a list". */
export const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  null: 'empty',
}

/** A value of the wrong kind, with the fix for what was written (errors.ts WrongTypeFix). */
export function wrongType(parsed: ParsedYaml, path: PathSegment[], field: string, expected: string, data: unknown, at: Location, context: FieldContext): Problem {
  const node = nodeAt(parsed, path)
  const written = isScalar(node) ? sourceText(parsed, node) : undefined
  const expectedWords = expected.split(',').map((t) => typeWords[t] ?? t).join(' or ')
  const name = keyName(path)
  let found: string
  let fix: WrongTypeFix | undefined
  if (data === null) {
    found = 'empty'
    const last = path[path.length - 1]
    const key = typeof last === 'string' ? keyNodeAt(parsed, path.slice(0, -1), last) : undefined
    const rest = restOfLineAfterKey(parsed, key).trim()
    fix = rest.startsWith('#') ? { kind: 'comment-ate-value', name, rest } : emptyFix(path, expected, context)
  } else if (typeof data === 'number' || typeof data === 'boolean') {
    found = typeof data === 'number' ? `the number ${String(data)}` : `${String(data)} (yes/no)`
    if (expected === 'string') fix = { kind: 'quote-to-keep', shown: written ?? String(data), reads: typeof data === 'number' ? 'a number' : 'true or false' }
  } else if (Array.isArray(data)) {
    found = 'a list'
  } else if (typeof data === 'object') {
    found = 'a set of fields'
    if (expected === 'string' && isMap(node)) fix = { kind: 'colon-made-fields' }
  } else {
    found = 'text'
  }
  const snippet = context.snippet
  if (!fix && expected === 'array' && !isSeq(node)) fix = { kind: 'write-list', snippet }
  if (!fix && expected === 'object' && typeof path[path.length - 1] === 'number') fix = { kind: 'write-item-fields', snippet }
  if (!fix && expected === 'object') fix = { kind: 'write-group', name, snippet }
  return problem('WrongType', { field, expected: expectedWords, found, ...(fix ? { fix } : {}) }, at)
}

/**
 * A field written with nothing after its colon. Removing it is only offered
 * when the field is optional; a group or a list gets the YAML to write.
 */
function emptyFix(path: PathSegment[], expected: string, context: FieldContext): WrongTypeFix | undefined {
  const name = keyName(path)
  const { snippet } = context
  const optional = !context.required
  if (typeof path[path.length - 1] === 'number') {
    // An item that is a group gets the same YAML as one written as text (wrongType).
    return expected === 'object' ? undefined : { kind: 'empty-item' }
  }
  if (expected === 'object') return { kind: 'empty-group', name, optional, snippet }
  if (expected === 'array') return { kind: 'empty-list', name, optional, min: Math.max(1, Number(context.schema?.minItems ?? 1)), snippet }
  if (optional) return { kind: 'empty-optional' }
  return { kind: 'empty-required', name, example: context.schema?.examples?.find((x) => typeof x !== 'object') }
}

function keyName(path: PathSegment[]): string {
  return lastKey(path) ?? 'value'
}
