import type { ErrorObject } from 'ajv'
import { isSeq } from 'yaml'
import { problem, type Location } from '../problems/errors.ts'
import { classifyLink } from '../../shared/links.ts'
import { keyNodeAt, locatePath, locationOf, nodeAt, pointerToPath, sourceText, type PathSegment } from '../yaml/locate.ts'
import { anchorLinkProblems, type Anchors } from './anchor-links.ts'
import { describeSteps, hasLeftoverVersions, isOldShape, oldFieldAt, pendingSteps, showPath, versionsKey } from '../migrate/migrate-steps.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'
import { maxProblemsPerFile, type Problem } from '../problems/problems.ts'
import type { SchemaSet } from './schema-set.ts'
import type { JsonSchema } from './schema-files.ts'
import { fieldAt, isGroupOrList, resolveField, yamlSnippet } from './schema-walk.ts'
import { nearest, sameMeaningField } from '../problems/suggest.ts'
import { typeWords, wrongType, type FieldContext } from './wrong-type.ts'
import { commentsCuttingText } from './comment-in-text.ts'
import { checkFormEndpoint } from '../../shared/form-endpoint.ts'

/**
 * Validate a parsed page in two steps: first the page envelope (title,
 * description, a list of blocks), then each block against the schema its
 * "type" names, so a typo in one block gives one precise problem rather than
 * a wall of alternatives.
 */
/** Whether a block has a problem validateBlock would report (a shared block's "use" is checked with the site). */
function blockFails(block: unknown, schemas: SchemaSet): boolean {
  if (block === null || typeof block !== 'object' || Array.isArray(block) || 'use' in block) return false
  const validate = schemas.blocks.get((block as { type?: unknown }).type as string)?.validate
  return !validate || !validate(block)
}

/** `anchors`: the ids links to "/route#id" may reach; the saved ones unless a check passes others (a page as typed). */
export function validatePage(parsed: ParsedYaml, value: unknown, schemas: SchemaSet, anchors: Anchors | undefined = schemas.targets.anchors): Problem[] {
  const notMap = rootShapeProblem(parsed, value)
  if (notMap) return [notMap]
  const problems: Problem[] = []
  if (!schemas.page(value)) {
    // A "versions" left from before blocks were told by their shape has its own problem.
    const errors = (schemas.page.errors ?? []).filter((e) => !(e.keyword === 'additionalProperties' && e.instancePath === '' && e.params.additionalProperty === versionsKey))
    problems.push(...translate(parsed, errors, { prefix: [], owner: 'the page', root: schemas.pageSchema }, schemas))
  }
  problems.push(...leftoverVersions(parsed, value))
  problems.push(...commentsCuttingText(parsed, [], schemas.pageSchema, schemas.defs))
  const blocks = (value as { blocks?: unknown }).blocks
  if (!Array.isArray(blocks)) return problems
  // Past the cap, a hostile page of thousands of broken blocks is only
  // counted, a block at a time, by ajv's yes or no: the messages, their
  // suggestions and their locations are what cost.
  let more = 0
  blocks.forEach((block, index) => {
    if (problems.length < maxProblemsPerFile) problems.push(...validateBlock(parsed, block, ['blocks', index], schemas, anchors))
    else if (blockFails(block, schemas)) more++
  })
  const last = problems.at(-1)
  if (more && last) problems.push(problem('TooManyProblems', { count: more, atLeast: true }, { file: last.file, line: last.line, column: last.column }))
  return problems
}

/**
 * A "versions" mapping of block types and numbers at the top of a page or of
 * pages/_shared.yaml, which files once needed: harmless, but an author
 * should not have to wonder what to write in it.
 */
export function leftoverVersions(parsed: ParsedYaml, fileValue: unknown): Problem[] {
  if (!hasLeftoverVersions(fileValue)) return []
  return [problem('VersionsNotNeeded', {}, locationOf(parsed, keyNodeAt(parsed, [], versionsKey)))]
}

/**
 * One block against its type's schema. A block written the old way (it
 * still has a field its schema's migrations rename or move) is reported as
 * such and not validated further, since its old field names would only add
 * noise to the one thing to do: npm run migrate.
 */
export function validateBlock(parsed: ParsedYaml, block: unknown, path: PathSegment[], schemas: SchemaSet, anchors: Anchors | undefined = schemas.targets.anchors): Problem[] {
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
  const steps = pendingSteps(schema, block as Record<string, unknown>)
  if (isOldShape(steps)) {
    const notes = steps.flatMap((s) => (s.note ? [s.note] : []))
    // At the first old field (in the first item that has it): that is what the author sees as outdated.
    const step = steps.find((s) => s.op !== 'default')!
    const from = oldFieldAt(block as Record<string, unknown>, step)!
    const at = locationOf(parsed, keyNodeAt(parsed, [...path, ...from.slice(0, -1)], from[from.length - 1] as string))
    return [problem('OutdatedBlock', { type, field: showPath((step as { from: string[] }).from), steps: describeSteps(steps), notes }, at)]
  }
  const { validate } = schema
  const cut = commentsCuttingText(parsed, path, schema.schema, schemas.defs)
  const parts = anchorLinkProblems(parsed, block, schema.schema, schemas.defs, { path, routes: schemas.targets.routes, anchors })
  if (validate(block)) return [...cut, ...parts]
  return [...translate(parsed, validate.errors ?? [], { prefix: path, owner: `the "${type}" block`, root: schema.schema }, schemas), ...cut, ...parts]
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
  const cut = [...commentsCuttingText(parsed, [], schemas.siteSchema, schemas.defs), ...anchorLinkProblems(parsed, value, schemas.siteSchema, schemas.defs, { path: [], routes: schemas.targets.routes, anchors: schemas.targets.anchors })]
  return schemas.site(value) ? cut : [...translate(parsed, schemas.site.errors ?? [], { prefix: [], owner: 'the site settings', root: schemas.siteSchema }, schemas), ...cut]
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

/** What ajv validated: the data at `prefix` in the file, against `root`. */
interface Scope {
  prefix: PathSegment[]
  /** "the page", "the "hero" block": whose fields these are, in messages. */
  owner: string
  root: JsonSchema
}

/** Turn ajv's errors into located problems an author can act on. */
function translate(parsed: ParsedYaml, errors: readonly ErrorObject[], scope: Scope, schemas: SchemaSet): Problem[] {
  const { prefix, owner } = scope
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
    // What an item failed inside a "contains" is not a fault of that item
    // (most items of a list are not the highlighted one): only the count,
    // reported by the "contains" error itself, is.
    if (/\/contains\//.test(error.schemaPath)) continue
    if (error.keyword === 'required' && suggested.has(`${error.instancePath}/${error.params.missingProperty}`)) continue
    // oneOf/anyOf/if summaries repeat what their branches already said.
    if (['oneOf', 'anyOf', 'if', 'then', 'else'].includes(error.keyword) && hasDeeper(error.instancePath)) continue
    // A branch that failed at the very place of its anyOf/oneOf: the summary says what the value may be, once.
    if (errors.some((choice) => ['oneOf', 'anyOf'].includes(choice.keyword) && choice.instancePath === error.instancePath && !hasDeeper(choice.instancePath) && error.schemaPath.startsWith(`${choice.schemaPath}/`))) continue
    // What a field's name failed inside "propertyNames": the propertyNames error names the field.
    if ((error as { propertyName?: string }).propertyName !== undefined && error.keyword !== 'propertyNames') continue
    // An "if" that failed its "then" (or "else"): that branch's own errors, at the same place, say what is wrong.
    if (error.keyword === 'if' && errors.some((other) => other !== error && other.instancePath === error.instancePath && other.schemaPath.startsWith(error.schemaPath.replace(/\/if$/, '/')))) continue
    const path = [...prefix, ...pointerToPath(error.instancePath)]
    const p = translateOne(parsed, error, path, ownerOf(path, prefix, owner), schemas, scope)
    const key = `${p.line}:${p.column}:${p.message}`
    if (!seen.has(key)) {
      seen.add(key)
      problems.push(p)
    }
  }
  return problems
}

/**
 * What holds the field a problem is about, as the author finds it: the
 * block, a field of it ("image" in the "hero" block), or one item of a
 * list, by its number ("item 2 of "plans" in the "pricing" block"), since
 * one plan is not the list of plans.
 */
function ownerOf(path: PathSegment[], prefix: PathSegment[], owner: string): string {
  const innerPath = path.slice(prefix.length)
  const inner = innerPath.filter((s) => typeof s === 'string')
  if (!inner.length) return owner
  const last = innerPath.at(-1)
  return `${typeof last === 'number' ? `item ${last + 1} of ` : ''}"${inner.join('.')}" in ${owner}`
}

function translateOne(parsed: ParsedYaml, e: ErrorObject, path: PathSegment[], owner: string, schemas: SchemaSet, scope: Scope): Problem {
  const schema = (e.parentSchema ?? {}) as JsonSchema
  const field = fieldLabel(path)
  const at = locatePath(parsed, path)
  const missing = (name: string, because?: string) => missingField(name, owner, because, resolveField(schema.properties?.[name], schemas.defs, scope.root), schemas, scope, at)
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(e.params.additionalProperty)
      const known = Object.keys(schema.properties ?? {})
      const key = keyNodeAt(parsed, path, name)
      // "image:" left empty with "src:" under it, not indented: the field
      // belongs to the empty group above, which has a field of that name.
      const group = Object.entries(schema.properties ?? {}).find(
        ([other, sub]) => other !== name && parsed.doc.hasIn([...path, other]) && parsed.doc.getIn([...path, other]) == null && resolveField(sub, schemas.defs, scope.root)?.properties?.[name],
      )
      if (group) {
        const line = locatePath(parsed, [...path, group[0]]).line
        return problem('UnknownField', { field: name, owner, known, belongsTo: { field: group[0], line } }, key ? locationOf(parsed, key) : at)
      }
      const suggestion = nearest(name, known) ?? sameMeaningField(name, known)
      return problem('UnknownField', { field: name, owner, known, ...(suggestion ? { suggestion } : {}) }, key ? locationOf(parsed, key) : at)
    }
    case 'required':
      return missing(String(e.params.missingProperty))
    case 'type':
      return wrongType(parsed, path, field, String(e.params.type), e.data, at, fieldContext(path, schemas, scope))
    case 'dependentRequired':
      return missing(String(e.params.missingProperty), `It is needed because "${e.params.property}" is set.`)
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
    case 'minLength': {
      const limit = Number(e.params.limit)
      return limit === 1 ? problem('EmptyValue', advised(field, schema), at) : problem('TooShort', { ...advised(field, schema), min: limit }, at)
    }
    case 'maxLength':
      return problem('TooLong', { ...advised(field, schema), length: String(e.data).length, max: Number(e.params.limit) }, at)
    case 'minItems': {
      const node = nodeAt(parsed, path)
      const few = { ...advised(field, schema), min: Number(e.params.limit) }
      if ((e.data as unknown[]).length > 0 || !isSeq(node)) return problem('TooFewItems', few, at)
      // "blocks: []": the brackets are YAML's empty list, and items cannot go inside them the way pages write lists.
      const snippet = fieldContext(path, schemas, scope).snippet
      return problem('TooFewItems', { ...few, empty: { text: sourceText(parsed, node) ?? '[]', ...(snippet ? { snippet } : {}) } }, at)
    }
    case 'maxItems':
      return problem('TooManyItems', { ...advised(field, schema), max: Number(e.params.limit), count: (e.data as unknown[]).length }, at)
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return problem('OutOfRange', { ...advised(field, schema), comparison: String(e.params.comparison), limit: Number(e.params.limit) }, at)
    case 'pattern':
      return problem('WrongForm', advised(field, schema), at)
    case 'contains': {
      const wanted = wantedItem(schema.contains)
      const count = wanted.count(Array.isArray(e.data) ? e.data : [])
      const min = Number(e.params.minContains ?? 1)
      const max = e.params.maxContains === undefined ? undefined : Number(e.params.maxContains)
      return problem('ContainsCount', { ...advised(field, schema), what: wanted.words, min, ...(max !== undefined ? { max } : {}), ...(count !== undefined ? { count } : {}) }, at)
    }
    case 'multipleOf':
      return problem('NotMultiple', { ...advised(field, schema), step: Number(e.params.multipleOf), value: Number(e.data) }, at)
    case 'minProperties':
    case 'maxProperties': {
      const count = e.data && typeof e.data === 'object' ? Object.keys(e.data).length : 0
      return problem('FieldCount', { ...advised(field, schema), [e.keyword === 'minProperties' ? 'min' : 'max']: Number(e.params.limit), count }, at)
    }
    case 'propertyNames': {
      const name = String(e.params.propertyName)
      const key = keyNodeAt(parsed, path, name)
      const names = schema.propertyNames as JsonSchema | undefined
      return problem('BadFieldName', { field, name, ...(names?.description ? { advice: names.description } : {}) }, key ? locationOf(parsed, key) : at)
    }
    case 'anyOf':
    case 'oneOf': {
      const branches = ((schema[e.keyword] ?? []) as JsonSchema[]).map((branch) => resolveField(branch, schemas.defs, scope.root) ?? branch)
      return problem('NoKindMatches', { ...advised(field, schema), kinds: branches.map(kindInWords), several: e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas) }, at)
    }
    case 'not':
      return problem('ForbiddenValue', { ...advised(field, schema), ...(e.data === null || typeof e.data !== 'object' ? { value: String(e.data) } : {}) }, at)
    case 'uniqueItems':
      return problem('DuplicateItems', { ...advised(field, schema), first: Number(e.params.j) + 1, second: Number(e.params.i) + 1 }, locatePath(parsed, [...path, Number(e.params.i)]))
    default:
      return problem('InvalidValue', { ...advised(field, schema), rule: e.keyword }, at)
  }
}

/** One kind a value may be (a branch of anyOf/oneOf), in words: its description, its value, or its type. */
function kindInWords(branch: JsonSchema): string {
  if (typeof branch.description === 'string') return branch.description.replace(/\.$/, '')
  if ('const' in branch) return JSON.stringify(branch.const)
  if (Array.isArray(branch.enum)) return `one of ${branch.enum.map((v) => JSON.stringify(v)).join(', ')}`
  return typeWords[String(branch.type)] ?? 'another form'
}

/**
 * What a "contains" asks of an item, in words, and how many items have it.
 * The usual shape, required fields with fixed values ("highlighted: true"),
 * is said and counted exactly; any other is named by its description.
 */
function wantedItem(contains: unknown): { words: string; count: (items: readonly unknown[]) => number | undefined } {
  const schema = (contains ?? {}) as JsonSchema
  const fixed = (schema.required ?? []).map((name) => [name, (schema.properties?.[name] as JsonSchema | undefined)?.const] as const)
  if (fixed.length && fixed.every(([, value]) => value !== undefined)) {
    return {
      words: fixed.map(([name, value]) => `"${name}: ${String(value)}"`).join(' and '),
      count: (items) => items.filter((item) => item && typeof item === 'object' && fixed.every(([name, value]) => (item as Record<string, unknown>)[name] === value)).length,
    }
  }
  return { words: schema.description ? `what the schema asks ("${schema.description}")` : 'what the schema asks', count: () => undefined }
}

/** The field and what its schema says about it, for the value problems' hints. */
function advised(field: string, schema: JsonSchema): { field: string; advice?: string; description?: string } {
  const advice = [schema.description, exampleHint(schema)].filter(Boolean).join(' ')
  return { field, ...(advice ? { advice } : {}), ...(schema.description ? { description: schema.description } : {}) }
}

function exampleHint(schema: JsonSchema): string | undefined {
  const example = schema.examples?.find((x) => typeof x !== 'object')
  return example === undefined ? undefined : `For example: ${JSON.stringify(example)}.`
}

function formatProblem(format: string, value: string, schemas: SchemaSet, at: Location): Problem {
  if (format === 'media') {
    // Nothing written yet is nearest to whatever file is shortest: no suggestion then.
    const suggestion = value ? nearest(value, schemas.targets.media) : undefined
    return problem('MissingMedia', { src: value, ...(suggestion ? { suggestion } : {}) }, at)
  }
  if (format === 'form-endpoint') {
    const verdict = checkFormEndpoint(value)
    return problem('BadFormEndpoint', { endpoint: value, reason: verdict.ok ? 'not-a-url' : verdict.reason }, at)
  }
  const verdict = classifyLink(value)
  if (verdict.kind === 'internal') {
    const suggestion = nearest(verdict.route, schemas.targets.routes)
    return problem('BrokenLink', { href: value, ...(suggestion ? { suggestion } : {}) }, at)
  }
  return problem('UnsafeLink', { href: value }, at)
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

/**
 * A missing field. A group or a list gets the YAML to add, built from its
 * example: "Add a line like: image: ..." only leads to a second problem.
 */
function missingField(name: string, owner: string, because: string | undefined, fieldSchema: JsonSchema | undefined, schemas: SchemaSet, scope: Scope, at: Location): Problem {
  const description = because ?? fieldSchema?.description
  const example = fieldSchema?.examples?.[0]
  const snippet = isGroupOrList(fieldSchema) ? yamlSnippet(name, fieldSchema!, schemas.defs, scope.root) : undefined
  return problem(
    'MissingField',
    {
      field: name,
      owner,
      ...(description ? { description } : {}),
      ...(snippet ? { snippet } : example !== undefined && typeof example !== 'object' ? { example: JSON.stringify(example) } : {}),
    },
    at,
  )
}

/** The schema of the value at `path`, whether it is required, and its YAML. */
function fieldContext(path: PathSegment[], schemas: SchemaSet, scope: Scope): FieldContext {
  const target = fieldAt(scope.root, path.slice(scope.prefix.length), schemas.defs)
  if (!target) return { required: false }
  const last = path[path.length - 1]
  const snippet = isGroupOrList(target.schema) ? yamlSnippet(typeof last === 'string' ? last : undefined, target.schema, schemas.defs, scope.root) : undefined
  return { required: target.required, schema: target.schema, ...(snippet ? { snippet } : {}) }
}
