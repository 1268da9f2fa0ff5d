import { isMap, isScalar, isSeq } from 'yaml'
import { problem, type Location } from '../problems/errors.ts'
import { keyNodeAt, nodeAt, restOfLineAfterKey, sourceText, type PathSegment } from '../yaml/locate.ts'
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

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  null: 'empty',
}

/**
 * A value of the wrong kind. The hint must lead somewhere: an author who
 * follows it word for word should end up with a valid page, so a group or a
 * list is shown as the YAML to write, never as "a value after the colon".
 */
export function wrongType(parsed: ParsedYaml, path: PathSegment[], field: string, expected: string, data: unknown, at: Location, context: FieldContext): Problem {
  const node = nodeAt(parsed, path)
  const written = isScalar(node) ? sourceText(parsed, node) : undefined
  const expectedWords = expected.split(',').map((t) => typeWords[t] ?? t).join(' or ')
  const name = keyName(path)
  let found: string
  let hint: string | undefined
  if (data === null) {
    found = 'empty'
    const last = path[path.length - 1]
    const key = typeof last === 'string' ? keyNodeAt(parsed, path.slice(0, -1), last) : undefined
    const rest = restOfLineAfterKey(parsed, key).trim()
    hint = rest.startsWith('#')
      ? `In YAML "#" starts a comment, so ${JSON.stringify(rest)} was read as nothing. Put the value in quotes: ${name}: "${rest}"`
      : emptyHint(path, expected, context)
  } else if (typeof data === 'number' || typeof data === 'boolean') {
    const shown = written ?? String(data)
    found = typeof data === 'number' ? `the number ${String(data)}` : `${String(data)} (yes/no)`
    hint =
      expected === 'string'
        ? `YAML reads ${shown} as ${typeof data === 'number' ? 'a number' : 'true or false'}. Put it in quotes to keep it as written: "${shown}"`
        : undefined
  } else if (Array.isArray(data)) {
    found = 'a list'
  } else if (typeof data === 'object') {
    found = 'a set of fields'
    if (expected === 'string' && isMap(node)) {
      hint = 'A ": " inside the value made YAML read it as a field. Put the whole value in quotes.'
    }
  } else {
    found = 'text'
  }
  if (!hint && expected === 'array' && !isSeq(node)) hint = likeThis('Write each item on its own line, starting with "- "', context.snippet)
  if (!hint && expected === 'object' && typeof path[path.length - 1] === 'number') {
    hint = likeThis('Write the item as fields: the first after the "- ", the others lined up under it', context.snippet)
  }
  if (!hint && expected === 'object') {
    hint = likeThis(`Write its fields on the lines below "${name}:", indented two more spaces, with nothing after the colon`, context.snippet)
  }
  return problem('WrongType', { field, expected: expectedWords, found, ...(hint ? { hint } : {}) }, at)
}

/**
 * A field written with nothing after its colon. Removing it is only offered
 * when the field is optional; a group or a list gets the YAML to write.
 */
function emptyHint(path: PathSegment[], expected: string, context: FieldContext): string | undefined {
  const name = keyName(path)
  if (typeof path[path.length - 1] === 'number') {
    // An item that is a group gets the same YAML as one written as text (below).
    return expected === 'object' ? undefined : 'Write the item after the "- ", or delete the line.'
  }
  const optional = context.required ? '' : `"${name}" is optional: delete the line if you do not need it. Otherwise `
  if (expected === 'object') {
    return likeThis(`${optional}${optional ? 'put' : 'Put'} its fields on the lines below "${name}:", indented two more spaces`, context.snippet)
  }
  if (expected === 'array') {
    const min = Math.max(1, Number(context.schema?.minItems ?? 1))
    const needs = `It needs at least ${min === 1 ? 'one item' : `${min} items`}`
    return likeThis(`${optional}${optional ? needs.toLowerCase() : needs}: write each on its own line below "${name}:", starting with "- "`, context.snippet)
  }
  if (!context.required) return 'Write a value after the colon, or remove the field.'
  const example = context.schema?.examples?.find((x) => typeof x !== 'object')
  return example === undefined ? `Write a value after the colon; "${name}" is required.` : `Write a value after the colon, like:  ${name}: ${JSON.stringify(example)}`
}

/** A sentence that ends in the YAML to write, when there is some to show. */
export function likeThis(sentence: string, snippet: string | undefined): string {
  return snippet ? `${sentence}, like this:\n${snippet}` : `${sentence}.`
}

function keyName(path: PathSegment[]): string {
  const last = path.findLast((s) => typeof s === 'string')
  return typeof last === 'string' ? last : 'value'
}
