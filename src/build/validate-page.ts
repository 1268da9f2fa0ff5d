import type { ErrorObject } from 'ajv'
import { isMap, isScalar, isSeq } from 'yaml'
import { problem, type Location } from './errors.ts'
import { classifyLink } from './links.ts'
import { keyNodeAt, locatePath, locationOf, nodeAt, pointerToPath, restOfLineAfterKey, sourceText, type PathSegment } from './locate.ts'
import { describeSteps, pendingSteps, recordedVersions, versionsKey } from './migrate-steps.ts'
import type { ParsedYaml } from './parse-yaml.ts'
import type { Problem } from './problems.ts'
import type { JsonSchema, SchemaSet } from './schema-set.ts'
import { nearest } from './suggest.ts'

/**
 * Validate a parsed page in two steps: first the page envelope (title,
 * description, a list of blocks), then each block against the schema its
 * "type" names, so a typo in one block gives one precise problem rather than
 * a wall of alternatives.
 */
export function validatePage(parsed: ParsedYaml, value: unknown, schemas: SchemaSet): Problem[] {
  const notMap = rootShapeProblem(parsed, value)
  if (notMap) return [notMap]
  const problems: Problem[] = []
  if (!schemas.page(value)) {
    // "versions" is checked below, the same way as in pages/_shared.yaml.
    const errors = (schemas.page.errors ?? []).filter((e) => !e.instancePath.startsWith(`/${versionsKey}`))
    problems.push(...translate(parsed, errors, [], 'the page', schemas))
  }
  problems.push(...validateVersions(parsed, value as object, schemas))
  const blocks = (value as { blocks?: unknown }).blocks
  if (!Array.isArray(blocks)) return problems
  const recorded = recordedVersions(value)
  blocks.forEach((block, index) => {
    problems.push(...validateBlock(parsed, block, ['blocks', index], schemas, recorded))
  })
  return problems
}

/**
 * The "versions" mapping at the top of a page or of pages/_shared.yaml: block
 * types, each with the version of its schema the file's blocks follow.
 */
export function validateVersions(parsed: ParsedYaml, fileValue: object, schemas: SchemaSet): Problem[] {
  const versions = (fileValue as Record<string, unknown>)[versionsKey]
  if (versions === undefined) return []
  if (!schemas.versions(versions)) return translate(parsed, schemas.versions.errors ?? [], [versionsKey], `"${versionsKey}"`, schemas)
  const problems: Problem[] = []
  for (const [type, recorded] of Object.entries(versions as Record<string, number>)) {
    const block = schemas.blocks.get(type)
    if (!block) {
      const suggestion = nearest(type, schemas.blockTypes)
      const key = keyNodeAt(parsed, [versionsKey], type)
      problems.push(problem('UnknownVersionedType', { type, known: schemas.blockTypes, ...(suggestion ? { suggestion } : {}) }, locationOf(parsed, key)))
    } else if (recorded > block.version) {
      problems.push(problem('VersionAhead', { type, recorded, current: block.version }, locatePath(parsed, [versionsKey, type])))
    }
  }
  return problems
}

/**
 * One block against its type's schema. `recorded` holds the versions the
 * file's blocks follow; a block behind its schema's current version is
 * reported as outdated and not validated further, since its old field names
 * would only add noise to the one thing to do: npm run migrate.
 */
export function validateBlock(parsed: ParsedYaml, block: unknown, path: PathSegment[], schemas: SchemaSet, recorded: ReadonlyMap<string, number>): Problem[] {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return [] // reported by the envelope
  if ('use' in block) return validateFragmentUse(parsed, block as Record<string, unknown>, path, schemas)
  const type = (block as { type?: unknown }).type
  const known = schemas.blockTypes
  if (type === undefined) {
    return [problem('MissingBlockType', { known }, locatePath(parsed, path))]
  }
  if (typeof type !== 'string' || !schemas.blocks.has(type)) {
    const text = String(type)
    const suggestion = nearest(text, known)
    return [problem('UnknownBlockType', { type: text, known, ...(suggestion ? { suggestion } : {}) }, locatePath(parsed, [...path, 'type']))]
  }
  const schema = schemas.blocks.get(type)!
  const follows = recorded.get(type) ?? 1
  if (follows < schema.version) {
    const steps = pendingSteps(schema, follows)
    const notes = steps.flatMap((s) => (s.note ? [s.note] : []))
    return [problem('OutdatedBlock', { type, recorded: follows, current: schema.version, steps: describeSteps(steps), notes }, locatePath(parsed, [...path, 'type']))]
  }
  const { validate } = schema
  if (validate(block)) return []
  return translate(parsed, validate.errors ?? [], path, `the "${type}" block`, schemas)
}

/** "- use: name" stands for a shared block from pages/_shared.yaml. */
function validateFragmentUse(parsed: ParsedYaml, block: Record<string, unknown>, path: PathSegment[], schemas: SchemaSet): Problem[] {
  const problems = Object.keys(block)
    .filter((key) => key !== 'use')
    .map((field) => problem('FragmentWithFields', { field }, locationOf(parsed, keyNodeAt(parsed, path, field))))
  const known = [...(schemas.targets.fragments ?? [])].sort()
  const name = block.use
  if (typeof name !== 'string' || !known.includes(name)) {
    const text = String(name)
    const suggestion = nearest(text, known)
    problems.push(problem('UnknownFragment', { name: text, known, ...(suggestion ? { suggestion } : {}) }, locatePath(parsed, [...path, 'use'])))
  }
  return problems
}

/** Validate a whole document (such as pages/_site.yaml) against one schema. */
export function validateDocument(parsed: ParsedYaml, value: unknown, schemas: SchemaSet): Problem[] {
  const notMap = rootShapeProblem(parsed, value)
  if (notMap) return [notMap]
  return schemas.site(value) ? [] : translate(parsed, schemas.site.errors ?? [], [], 'the site settings', schemas)
}

function rootShapeProblem(parsed: ParsedYaml, value: unknown): Problem | undefined {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return undefined
  const at = locationOf(parsed, parsed.doc.contents)
  const found = Array.isArray(value) ? 'a list' : `the text ${JSON.stringify(String(value))}`
  const p = problem('NotAMapping', { found }, at)
  if (typeof value === 'string' && /^[\w-]+:\S/.test(value)) {
    return { ...p, hint: `Put a space after the colon: "${value.replace(/:/, ': ').slice(0, 60)}".` }
  }
  return p
}

/** Turn ajv's errors into located problems an author can act on. */
function translate(parsed: ParsedYaml, errors: readonly ErrorObject[], prefix: PathSegment[], owner: string, schemas: SchemaSet): Problem[] {
  const problems: Problem[] = []
  const seen = new Set<string>()
  const hasDeeper = (path: string) => errors.some((e) => e.instancePath.startsWith(path + '/'))
  // A misspelt required field shows up twice (unknown "titel", missing
  // "title"); the unknown-field problem already suggests the fix.
  const suggested = new Set(
    errors
      .filter((e) => e.keyword === 'additionalProperties')
      .map((e) => `${e.instancePath}/${nearest(String(e.params.additionalProperty), Object.keys(((e.parentSchema ?? {}) as JsonSchema).properties ?? {}))}`),
  )
  for (const error of errors) {
    if (error.keyword === 'required' && suggested.has(`${error.instancePath}/${error.params.missingProperty}`)) continue
    // oneOf/anyOf/if summaries repeat what their branches already said.
    if (['oneOf', 'anyOf', 'if', 'then', 'else'].includes(error.keyword) && hasDeeper(error.instancePath)) continue
    const path = [...prefix, ...pointerToPath(error.instancePath)]
    const p = translateOne(parsed, error, path, ownerOf(path, prefix, owner), schemas)
    const key = `${p.line}:${p.column}:${p.message}`
    if (!seen.has(key)) {
      seen.add(key)
      problems.push(p)
    }
  }
  return problems
}

function ownerOf(path: PathSegment[], prefix: PathSegment[], owner: string): string {
  const inner = path.slice(prefix.length).filter((s) => typeof s === 'string')
  return inner.length ? `"${inner.join('.')}" in ${owner}` : owner
}

function translateOne(parsed: ParsedYaml, e: ErrorObject, path: PathSegment[], owner: string, schemas: SchemaSet): Problem {
  const schema = (e.parentSchema ?? {}) as JsonSchema
  const field = fieldLabel(path)
  const at = locatePath(parsed, path)
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(e.params.additionalProperty)
      const known = Object.keys(schema.properties ?? {})
      const suggestion = nearest(name, known)
      const key = keyNodeAt(parsed, path, name)
      return problem('UnknownField', { field: name, owner, known, ...(suggestion ? { suggestion } : {}) }, key ? locationOf(parsed, key) : at)
    }
    case 'required': {
      const name = String(e.params.missingProperty)
      const fieldSchema = resolve(schema.properties?.[name], schemas)
      const example = fieldSchema?.examples?.[0]
      return problem(
        'MissingField',
        {
          field: name,
          owner,
          ...(fieldSchema?.description ? { description: fieldSchema.description } : {}),
          ...(example !== undefined && typeof example !== 'object' ? { example: JSON.stringify(example) } : {}),
        },
        at,
      )
    }
    case 'type':
      return wrongType(parsed, path, field, String(e.params.type), e.data, at)
    case 'dependentRequired': {
      const name = String(e.params.missingProperty)
      return problem('MissingField', { field: name, owner, description: `It is needed because "${e.params.property}" is set.` }, at)
    }
    case 'enum': {
      const allowed = (e.params.allowedValues as unknown[]).map(String)
      const value = String(e.data)
      const suggestion = nearest(value, allowed)
      return problem('NotAllowedValue', { field, value, allowed, ...(suggestion ? { suggestion } : {}) }, at)
    }
    case 'const':
      return problem('NotAllowedValue', { field, value: String(e.data), allowed: [String(e.params.allowedValue)] }, at)
    case 'format':
      return formatProblem(String(e.params.format), String(e.data), schemas, at)
    case 'minLength':
      return invalid(field, e.params.limit === 1 ? 'must not be empty' : `must be at least ${e.params.limit} characters long`, schema, at)
    case 'maxLength':
      return invalid(field, `is ${String(e.data).length} characters long; at most ${e.params.limit} fit here`, schema, at, 'Shorten it.')
    case 'minItems':
      return invalid(field, `needs at least ${e.params.limit} ${e.params.limit === 1 ? 'item' : 'items'}`, schema, at)
    case 'maxItems':
      return invalid(field, `may have at most ${e.params.limit} items, but has ${(e.data as unknown[]).length}`, schema, at)
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return invalid(field, `must be ${e.params.comparison} ${e.params.limit}`, schema, at)
    case 'pattern':
      return invalid(field, 'does not have the expected form', schema, at)
    default:
      return invalid(field, e.message ?? 'is not valid', schema, at)
  }
}

function invalid(field: string, what: string, schema: JsonSchema, at: Location, lead?: string): Problem {
  const parts = [lead, schema.description, exampleHint(schema)].filter(Boolean)
  return problem('InvalidValue', { field, problem: what, ...(parts.length ? { hint: parts.join(' ') } : {}) }, at)
}

function exampleHint(schema: JsonSchema): string | undefined {
  const example = schema.examples?.find((x) => typeof x !== 'object')
  return example === undefined ? undefined : `For example: ${JSON.stringify(example)}.`
}

function formatProblem(format: string, value: string, schemas: SchemaSet, at: Location): Problem {
  if (format === 'media') {
    const suggestion = nearest(value, schemas.targets.media)
    return problem('MissingMedia', { src: value, ...(suggestion ? { suggestion } : {}) }, at)
  }
  const verdict = classifyLink(value)
  if (verdict.kind === 'internal' && schemas.targets.routes.has(verdict.route)) {
    const ids = [...(schemas.targets.anchors?.get(verdict.route) ?? [])].sort()
    const suggestion = nearest(verdict.hash.slice(1), ids)
    return problem('BrokenAnchor', { href: value, route: verdict.route, ids, ...(suggestion ? { suggestion: `${verdict.route}#${suggestion}` } : {}) }, at)
  }
  if (verdict.kind === 'internal') {
    const suggestion = nearest(verdict.route, schemas.targets.routes)
    return problem('BrokenLink', { href: value, ...(suggestion ? { suggestion } : {}) }, at)
  }
  return problem('UnsafeLink', { href: value }, at)
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

function wrongType(parsed: ParsedYaml, path: PathSegment[], field: string, expected: string, data: unknown, at: Location): Problem {
  const node = nodeAt(parsed, path)
  const written = isScalar(node) ? sourceText(parsed, node) : undefined
  const expectedWords = expected.split(',').map((t) => typeWords[t] ?? t).join(' or ')
  let found: string
  let hint: string | undefined
  if (data === null) {
    found = 'empty'
    const last = path[path.length - 1]
    const key = typeof last === 'string' ? keyNodeAt(parsed, path.slice(0, -1), last) : undefined
    const rest = restOfLineAfterKey(parsed, key).trim()
    hint = rest.startsWith('#')
      ? `In YAML "#" starts a comment, so ${JSON.stringify(rest)} was read as nothing. Put the value in quotes: ${keyName(path)}: "${rest}"`
      : 'Write a value after the colon, or remove the field.'
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
    if (expected === 'array') hint = 'Write each item on its own line, starting with "- ".'
  }
  if (!hint && expected === 'array' && !isSeq(node)) hint = 'Write each item on its own line, starting with "- ".'
  return problem('WrongType', { field, expected: expectedWords, found, ...(hint ? { hint } : {}) }, at)
}

/** The field's name for messages: "title", or "item 2 of row 1 of "rows"". */
function fieldLabel(path: PathSegment[]): string {
  const lastKey = path.findLastIndex((s) => typeof s === 'string')
  const key = JSON.stringify(lastKey >= 0 ? path[lastKey] : 'item')
  const indices = path.slice(lastKey + 1) as number[]
  if (indices.length === 0) return key
  const [first, second] = indices.map((i) => i + 1)
  return indices.length === 1 ? `item ${first} of ${key}` : `item ${second} of row ${first} of ${key}`
}

function keyName(path: PathSegment[]): string {
  const last = path[path.length - 1]
  return typeof last === 'string' ? last : 'value'
}

/** Follow a "$ref" into defs.schema.json, the only place refs point. */
export function resolve(schema: JsonSchema | undefined, schemas: SchemaSet): JsonSchema | undefined {
  const ref = schema?.$ref as string | undefined
  if (!ref) return schema
  const name = ref.split('/').pop()!
  return schemas.defs[name] ?? schema
}
