import type { PathSegment } from '../yaml/locate.ts'
import type { Defs, JsonSchema } from '../schema/schema-files.ts'
import { fieldAt } from '../schema/schema-walk.ts'

/**
 * Schema evolution, as a block schema declares it:
 *
 *   "x-version": 3,
 *   "x-migrations": [
 *     { "version": 2, "rename": { "from": "title", "to": "heading" } },
 *     { "version": 2, "move": { "from": "cta.label", "to": "button.text" } },
 *     { "version": 3, "default": { "field": "size", "value": "tall" }, "note": "..." },
 *     { "version": 3, "rename": { "from": "plans[].features", "to": "plans[].items" } }
 *   ]
 *
 * "plans[]" goes into each item of the list "plans": a step works in every
 * item, at any depth ("rows[].cells[].text"). A path is stored with "[]" as
 * a segment of its own: ["plans", "[]", "features"].
 *
 * Pages record no versions: a block's shape tells its version. A block that
 * still has a field a rename or move takes away is written the old way, and
 * the steps that would change it are the ones it needs; a block in the
 * current shape is current, however it got there (migrated, written by hand,
 * pasted from the catalogue). `npm run migrate` applies every step to every
 * block, in order; a step that finds nothing to do changes nothing.
 */
export interface BlockVersioning {
  /** The current version: "x-version", 1 when absent. */
  version: number
  steps: MigrationStep[]
}

export type MigrationStep = { version: number; note?: string } & (
  | { op: 'rename' | 'move'; from: string[]; to: string[] }
  | { op: 'default'; field: string[]; value: unknown }
)

/**
 * The top-level key in which pages once recorded the versions their blocks
 * follow. Shapes tell versions now; `npm run migrate` removes the key, and
 * the check says so where it is left.
 */
export const versionsKey = 'versions'

const operations = ['rename', 'move', 'default'] as const

/** A fault in a declaration: the JSON path to point at (its key, with `atKey`), and what is wrong. */
export interface DeclarationFault {
  path: PathSegment[]
  detail: string
  atKey?: boolean
}

/**
 * Read and check a block schema's "x-version" and "x-migrations". Faults are
 * returned, not thrown, so every one of them can be reported at once.
 */
export function readVersioning(schema: JsonSchema, defs: Defs): { versioning: BlockVersioning; faults: DeclarationFault[] } {
  const faults: DeclarationFault[] = []
  const fault: Fault = (path, detail, atKey) => faults.push({ path, detail, ...(atKey ? { atKey } : {}) })
  const declared = schema['x-version']
  let version = 1
  if (declared !== undefined) {
    if (Number.isInteger(declared) && (declared as number) >= 1) version = declared as number
    else fault(['x-version'], `"x-version" must be a whole number from 1 up, not ${JSON.stringify(declared)}`)
  }
  const list = schema['x-migrations'] ?? []
  if (!Array.isArray(list)) {
    fault(['x-migrations'], '"x-migrations" must be a list of steps')
    return { versioning: { version, steps: [] }, faults }
  }
  // Steps with no "x-version" at all: one fault that says what to add, not one per step.
  const highest = Math.max(0, ...list.map((raw: unknown) => (isRecord(raw) && Number.isInteger(raw.version) ? (raw.version as number) : 0)))
  if (declared === undefined && highest >= 2) {
    fault(['x-migrations'], `the schema has steps but no "x-version": add "x-version": ${highest} beside "x-migrations" (the version its newest step leads to)`, true)
    return { versioning: { version, steps: [] }, faults }
  }
  const steps: MigrationStep[] = []
  const indexOf = new Map<MigrationStep, number>()
  list.forEach((raw: unknown, index) => {
    const step = readStep(raw, version, index, fault)
    if (!step) return
    const previous = steps[steps.length - 1]
    if (previous && step.version < previous.version) {
      fault(['x-migrations', index, 'version'], `the steps must be in order of version, but version ${step.version} comes after version ${previous.version}`)
    }
    steps.push(step)
    indexOf.set(step, index)
  })
  for (let v = 2; v <= version; v++) {
    if (!steps.some((s) => s.version === v)) fault(['x-version'], `version ${v} has no step in "x-migrations"; every version after 1 needs at least one`)
  }
  // A step's target must be a field of the current schema, unless a later
  // step moves it on (then it was a field of an intermediate version).
  // A field that a step takes away must not be one a block written today
  // may have, or a current block would read as an old one.
  // A path that goes into a list without "[]" names nothing: say how to write it.
  steps.forEach((step) => {
    for (const [key, target] of step.op === 'default' ? [['field', step.field] as const] : [['from', step.from] as const, ['to', step.to] as const]) {
      const list = unmarkedList(target, schema, defs)
      if (list) fault(['x-migrations', indexOf.get(step)!, step.op, key], `${describeStep(step)}: "${showPath(list)}" is a list, so "${showPath(target)}" names no field; write "${showPath([...list, '[]', ...target.slice(list.length)])}" for the field in each of its items`)
    }
  })
  steps.forEach((step) => {
    if (step.op === 'default' || !definesField(step.from, schema, defs)) return
    const detail = `${describeStep(step)}: "${showPath(step.from)}" is a field of the current schema too, so an old block could not be told from a new one by its fields; give the new field another name`
    fault(['x-migrations', indexOf.get(step)!, step.op, 'from'], detail)
  })
  steps.forEach((step, index) => {
    const target = step.op === 'default' ? step.field : step.to
    if (steps.slice(index + 1).some((later) => later.op !== 'default' && startsWith(target, later.from))) return
    const missing = unmarkedList(target, schema, defs) ? undefined : missingField(target, schema, defs)
    if (missing) {
      const key = step.op === 'default' ? 'field' : 'to'
      fault(['x-migrations', indexOf.get(step)!, step.op, key], `${describeStep(step)}: the schema has no field "${missing}" for it to go to`)
    }
  })
  return { versioning: { version, steps }, faults }
}

type Fault = (path: PathSegment[], detail: string, atKey?: boolean) => void

function readStep(raw: unknown, current: number, index: number, fault: Fault): MigrationStep | undefined {
  const path = ['x-migrations', index]
  if (!isRecord(raw)) {
    fault(path, 'each step must be a set of fields like { "version": 2, "rename": { "from": "title", "to": "heading" } }')
    return undefined
  }
  const unknown = Object.keys(raw).filter((k) => !['version', 'note', ...operations].includes(k))
  for (const key of unknown) fault([...path, key], `"${key}" is not part of a step; a step has "version", one of ${operations.map((o) => `"${o}"`).join(', ')}, and an optional "note"`, true)
  const ops = operations.filter((o) => o in raw)
  if (ops.length !== 1) {
    fault(path, ops.length ? `a step does one thing, but this one has ${ops.map((o) => `"${o}"`).join(' and ')}` : `a step needs one of ${operations.map((o) => `"${o}"`).join(', ')}`)
    return undefined
  }
  const version = raw.version
  if (!Number.isInteger(version) || (version as number) < 2) {
    fault([...path, 'version'], `a step's "version" is the version it leads to: a whole number from 2 up, not ${JSON.stringify(version)}`)
    return undefined
  }
  if ((version as number) > current) {
    fault([...path, 'version'], `this step leads to version ${version as number}, but "x-version" is ${current}: raise "x-version" to the version of the newest step`)
    return undefined
  }
  if (raw.note !== undefined && typeof raw.note !== 'string') fault([...path, 'note'], '"note" must be text')
  const note = typeof raw.note === 'string' ? { note: raw.note } : {}
  const op = ops[0]!
  const body = raw[op]
  const fields = op === 'default' ? ['field', 'value'] : ['from', 'to']
  if (!isRecord(body) || fields.some((f) => !(f in body)) || Object.keys(body).some((k) => !fields.includes(k))) {
    fault([...path, op], `"${op}" must be { ${fields.map((f) => `"${f}": ...`).join(', ')} }`)
    return undefined
  }
  const fieldPath = (key: string): string[] | undefined => {
    const text = body[key]
    const segments = typeof text === 'string' ? readPath(text) : undefined
    if (!segments) {
      fault([...path, op, key], `"${key}" must be a field name, or a dotted path like "cta.label" or "plans[].features" (a field of each item of the list "plans"), not ${JSON.stringify(text)}`)
      return undefined
    }
    if (segments[0] === 'type') fault([...path, op, key], '"type" names the block and cannot be changed by a migration')
    return segments
  }
  if (op === 'default') {
    const field = fieldPath('field')
    if (body.value === null) fault([...path, op, 'value'], 'a default "value" cannot be null')
    return field && { version: version as number, op, field, value: body.value, ...note }
  }
  const from = fieldPath('from')
  const to = fieldPath('to')
  if (!from || !to) return undefined
  if (startsWith(to, from) || startsWith(from, to)) {
    fault([...path, op, 'to'], `"${from.join('.')}" cannot ${op === 'move' ? 'move' : 'be renamed'} into or onto itself ("${to.join('.')}")`)
    return undefined
  }
  if (op === 'rename' && from.slice(0, -1).join('.') !== to.slice(0, -1).join('.')) {
    fault([...path, op, 'to'], `a rename keeps the field where it is: "${showPath(from)}" can become "${showPath([...from.slice(0, -1), to[to.length - 1]!])}"; use "move" to put it elsewhere`)
    return undefined
  }
  const [fromItems, toItems] = [itemScope(from), itemScope(to)]
  if (fromItems.join('.') !== toItems.join('.')) {
    fault([...path, op, 'to'], `a move stays inside the items it starts in: "${showPath(from)}" can go to "${showPath([...fromItems, to[to.length - 1]!])}" or deeper in ${fromItems.length ? `each item of "${showPath(fromItems.slice(0, -1))}"` : 'the block'}, not to "${showPath(to)}"`)
    return undefined
  }
  return { version: version as number, op, from, to, ...note }
}

/** The first segment of `path` the schema does not define, if it can tell. */
function missingField(path: string[], schema: JsonSchema, defs: Defs): string | undefined {
  for (let i = 0; i < path.length; i++) {
    if (path[i] === items) continue
    const holder = fieldAt(schema, schemaPath(path.slice(0, i)), defs)?.schema
    // A field without listed properties (free-form, or a list) cannot be checked further.
    if (!holder?.properties) return undefined
    if (!holder.properties[path[i]!]) return showPath(path.slice(0, i + 1))
  }
  return undefined
}

/** Whether the current schema defines the field at `path` (false when it cannot tell). */
function definesField(path: string[], schema: JsonSchema, defs: Defs): boolean {
  return !unmarkedList(path, schema, defs) && fieldAt(schema, schemaPath(path), defs) !== undefined
}

/** The start of `path` that is a list the path goes on into without "[]", if any. */
function unmarkedList(path: string[], schema: JsonSchema, defs: Defs): string[] | undefined {
  for (let i = 1; i < path.length; i++) {
    if (path[i] === items || path[i - 1] === items) continue
    if (fieldAt(schema, schemaPath(path.slice(0, i)), defs)?.schema.type === 'array') return path.slice(0, i)
  }
  return undefined
}

/** A step's path as schema-walk reads it: "[]" is any item (0). */
const schemaPath = (path: readonly string[]) => path.map((segment) => (segment === items ? 0 : segment))

/** The segment that stands for "each item of the list before it". */
export const items = '[]'

/** "plans[].features" as ["plans", "[]", "features"]; undefined when it is not a path to a field. */
function readPath(text: string): string[] | undefined {
  const segments: string[] = []
  for (const part of text.split('.')) {
    const match = /^([^.[\]]+)((?:\[\])*)$/.exec(part)
    if (!match) return undefined
    segments.push(match[1]!, ...Array.from({ length: match[2]!.length / 2 }, () => items))
  }
  return segments[segments.length - 1] === items ? undefined : segments
}

/** ["plans", "[]", "features"] as "plans[].features". */
export function showPath(path: readonly string[]): string {
  return path.join('.').replaceAll(`.${items}`, items)
}

/** The part of a path up to the last list it goes into ("plans[]"), empty when it goes into none. */
export function itemScope(path: readonly string[]): string[] {
  return path.slice(0, path.lastIndexOf(items) + 1)
}

/** Whether `path` is `prefix` or lies inside it. */
function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => path[i] === s)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** A step in words: `rename "title" to "heading"`. */
export function describeStep(step: MigrationStep): string {
  if (step.op === 'default') return `set "${showPath(step.field)}" to ${JSON.stringify(step.value)} where it is missing`
  return `${step.op} "${showPath(step.from)}" to "${showPath(step.to)}"`
}

/**
 * The steps that would change this block, in order: those whose field it
 * still has (rename, move) or lacks (default). Worked out on a copy of its
 * data, step after step, the way npm run migrate edits the YAML.
 */
export function pendingSteps(versioning: BlockVersioning, block: Record<string, unknown>): MigrationStep[] {
  // Most block types never changed shape: no copy of the block to try nothing on.
  if (!versioning.steps.length) return []
  const value = structuredClone(block)
  return versioning.steps.filter((step) => applyStep(value, step))
}

/** Whether a page or pages/_shared.yaml still has a "versions:" mapping of block types and numbers. */
export function hasLeftoverVersions(fileValue: unknown): boolean {
  const versions = isRecord(fileValue) ? fileValue[versionsKey] : undefined
  return isRecord(versions) && Object.values(versions).every((v) => typeof v === 'number')
}

/** Whether a block is written the old way: a rename or move still has something to take. */
export function isOldShape(steps: readonly MigrationStep[]): boolean {
  return steps.some((s) => s.op !== 'default')
}

/**
 * The groups of fields a step works in: the block itself, or each item of
 * the lists its path goes into, with where each is in the block.
 */
export function scopesOf(block: Record<string, unknown>, scope: readonly string[]): { at: (string | number)[]; group: Record<string, unknown> }[] {
  let found: { at: (string | number)[]; value: unknown }[] = [{ at: [], value: block }]
  for (const segment of scope) {
    found =
      segment === items
        ? found.flatMap(({ at, value }) => (Array.isArray(value) ? value.map((item, i) => ({ at: [...at, i], value: item as unknown })) : []))
        : found.map(({ at, value }) => ({ at: [...at, segment], value: isRecord(value) ? value[segment] : undefined }))
  }
  return found.flatMap(({ at, value }) => (isRecord(value) ? [{ at, group: value }] : []))
}

/** A step's path inside one of its scopes (the part after the last "[]"). */
export const withinScope = (path: readonly string[]) => path.slice(itemScope(path).length)

/**
 * Where a block still has the field a rename or move takes away, as a path
 * of names and positions (["plans", 1, "features"]); undefined when it has
 * none, or for a default.
 */
export function oldFieldAt(block: Record<string, unknown>, step: MigrationStep): (string | number)[] | undefined {
  if (step.op === 'default') return undefined
  const inner = withinScope(step.from)
  for (const { at, group } of scopesOf(block, itemScope(step.from))) {
    const parent = groupAt(group, inner.slice(0, -1))
    if (parent && inner[inner.length - 1]! in parent) return [...at, ...inner]
  }
  return undefined
}

function applyStep(block: Record<string, unknown>, step: MigrationStep): boolean {
  const scope = itemScope(step.op === 'default' ? step.field : step.from)
  // Each group of fields the step works in, all of them, so every item changes.
  return scopesOf(block, scope).map(({ group }) => applyInGroup(group, step, scope.length)).includes(true)
}

function applyInGroup(block: Record<string, unknown>, step: MigrationStep, depth: number): boolean {
  if (step.op === 'default') {
    const field = step.field.slice(depth)
    const parent = groupAt(block, field.slice(0, -1))
    const name = field[field.length - 1]!
    if (!parent || name in parent) return false
    parent[name] = step.value
    return true
  }
  const [from, to] = [step.from.slice(depth), step.to.slice(depth)]
  const parent = groupAt(block, from.slice(0, -1))
  const name = from[from.length - 1]!
  if (!parent || !(name in parent)) return false
  const moved = parent[name]
  delete parent[name]
  let holder = block
  for (const segment of to.slice(0, -1)) {
    if (!isRecord(holder[segment])) holder[segment] = {}
    holder = holder[segment] as Record<string, unknown>
  }
  holder[to[to.length - 1]!] = moved
  return true
}

function groupAt(block: Record<string, unknown>, path: readonly string[]): Record<string, unknown> | undefined {
  let node: unknown = block
  for (const segment of path) node = isRecord(node) ? node[segment] : undefined
  return isRecord(node) ? node : undefined
}

/** Steps in words, grouped by version: `version 2: rename "title" to "heading"; version 3: ...`. */
export function describeSteps(steps: readonly MigrationStep[]): string {
  const versions = [...new Set(steps.map((s) => s.version))]
  return versions.map((v) => `version ${v}: ${steps.filter((s) => s.version === v).map(describeStep).join(', ')}`).join('; ')
}
