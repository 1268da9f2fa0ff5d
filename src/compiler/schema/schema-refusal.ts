import { problem, type Location } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { nearest } from '../problems/suggest.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import type { PathSegment } from '../yaml/locate.ts'
import { schemaLocator } from './schema-locate.ts'
import { fieldKindKeyword, fieldKinds } from '../../shared/field-kinds.ts'

/**
 * The keywords a schema here may use: JSON Schema's own (2020-12, the ones
 * for objects, arrays, strings, numbers and composition) and this project's
 * annotations. docs/blocks.md lists them with what each does.
 */
export const schemaKeywords = [
  '$schema', '$id', '$ref', '$defs', '$comment', 'title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly',
  'type', 'enum', 'const', 'format',
  'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas',
  'items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems',
  'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
  'x-version', 'x-migrations', 'x-field',
]

/** What went wrong, for an author of schemas: the sentence, where, and what to do. */
interface Reading {
  sentence: string
  hint: string
  /** The JSON pointer of the object the rule is about, and the key in it to point at. */
  at?: { path: PathSegment[]; key?: string }
  /** A key to find anywhere in the file, when Ajv names no place. */
  key?: string
}

const docs = 'docs/blocks.md lists the keywords our schemas use and how.'

/** Ajv's words, read into ours. Each pattern is one of the strict-mode rules (or a schema that breaks JSON Schema itself). */
const readings: [RegExp, (m: RegExpExecArray) => Reading][] = [
  [
    /^strict mode: missing type "(\w+)" for keyword "([^"]+)" at "[^"#]*#([^"]*)"/,
    ([, type, keyword, pointer]) => ({
      sentence: `"${keyword}" applies only to ${type === 'object' ? 'objects' : type === 'array' ? 'lists' : `values of type "${type}"`}, and this part of the schema does not say it holds one`,
      hint: `Add "type": "${type}" beside "${keyword}": strict mode checks a keyword only where the schema says what kind of value it is checking.`,
      at: { path: segments(pointer!), key: keyword },
    }),
  ],
  [
    /^strict mode: unknown keyword: "([^"]+)"/,
    ([, keyword]) => {
      const near = nearest(keyword!, schemaKeywords)
      return { sentence: `"${keyword}" is not a keyword of JSON Schema`, hint: `${near ? `Did you mean "${near}"? ` : ''}${docs}`, key: keyword }
    },
  ],
  [
    /^strict mode: required property "([^"]+)" is not defined at "[^"#]*#([^"]*)"/,
    ([, name, pointer]) => ({
      sentence: `"${name}" is in "required" but not described under "properties"`,
      hint: `Describe "${name}" under "properties", or take it out of "required" (a misspelt name in either is the usual cause).`,
      at: { path: segments(pointer!), key: 'required' },
    }),
  ],
  [
    /^strict mode: use allowUnionTypes to allow union type keyword at "[^"#]*#([^"]*)"/,
    ([, pointer]) => ({
      sentence: 'a list of types ("type": [...]) is not allowed here',
      hint: 'Give one "type", or use "anyOf" with one schema per type.',
      at: { path: segments(pointer!), key: 'type' },
    }),
  ],
  [
    // One of this project's keywords with a value it does not take ("x-field": "carousel").
    /^keyword "([^"]+)" value is invalid at path "#([^"]*)": data\S* (must [^.]*)/,
    ([, keyword, pointer, rule]) => ({
      sentence: `the value of "${keyword}" ${rule!.replace('must be equal to one of the allowed values', 'is not one it takes')}`,
      hint: keyword === fieldKindKeyword ? `"${keyword}" says what a field holds: ${Object.keys(fieldKinds).map((k) => `"${k}"`).join(', ')}. ${docs}` : docs,
      at: { path: segments(pointer!), key: keyword },
    }),
  ],
  [
    /^schema is invalid: data(\S*) (must [^,]*)/,
    ([, pointer, rule]) => {
      const path = segments(pointer!)
      const keyword = String(path.at(-1) ?? '')
      return {
        sentence: `the value of "${keyword}" ${rule}`,
        hint:
          keyword === 'type'
            ? 'A "type" is one of "string", "number", "integer", "boolean", "object", "array" or "null".'
            : `JSON Schema allows other values there; ${docs}`,
        at: { path: path.slice(0, -1), key: keyword },
      }
    },
  ],
]

/**
 * A schema Ajv refused to compile, as a located problem: the sentence of
 * the rule it broke and a hint, at the keyword in `file` (a path from the
 * project root) whose text is `text`. Never a stack trace.
 */
export function schemaRefusal(error: unknown, file: string, text: string): Problem {
  const message = error instanceof Error ? error.message : String(error)
  const found = readings.map(([pattern, read]) => {
    const m = pattern.exec(message)
    return m && read(m)
  }).find((r) => r)
  const reading: Reading = found ?? { sentence: message.replace(/^strict mode: /, '').replace(/\s*\(strict\w+\)$/, ''), hint: docs }
  return problem('SchemaRefused', { sentence: reading.sentence, hint: reading.hint }, place(reading, file, text))
}

function place(reading: Reading, file: string, text: string): Location {
  if (reading.at) {
    const { path, key } = reading.at
    return schemaLocator(file, text)(key ? [...path, key] : path, key)
  }
  const read = parseYaml(file, new TextEncoder().encode(text))
  if (!read.ok) return { file, line: 1, column: 1 }
  if (reading.key) {
    const offset = text.indexOf(JSON.stringify(reading.key))
    if (offset >= 0) {
      const { line, col } = read.parsed.lineCounter.linePos(offset)
      return { file, line, column: col }
    }
  }
  return { file, line: 1, column: 1 }
}

/** "/properties/plans/allOf/0" -> ["properties", "plans", "allOf", 0]. */
function segments(pointer: string): PathSegment[] {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}
