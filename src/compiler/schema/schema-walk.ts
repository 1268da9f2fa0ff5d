import { stringify } from 'yaml'
import type { Defs, JsonSchema } from './schema-files.ts'
import { followRef } from '../../shared/schema-ref.ts'

/**
 * Reading a schema the way an author reads a page: field by field, with each
 * "$ref" followed. The problem hints (which show a snippet of the field a
 * problem is about) and the block catalogue (which lists nested fields) both
 * read schemas through here, so they describe a field the same way.
 */

type Segment = string | number

/**
 * A field's schema with its "$ref" followed: into defs.schema.json, or into
 * the root schema's own "$defs" for a "#/..." ref (site.schema.json's menus).
 * What the field says about itself (description, examples) wins over what the
 * shared definition says, as it does in the schema files.
 */
export function resolveField(field: JsonSchema | undefined, defs: Defs, root?: JsonSchema): JsonSchema | undefined {
  return field?.$ref ? followRef(field, defs, root).schema : field
}


export interface FieldAt {
  schema: JsonSchema
  /** Whether the object holding the field requires it; list items count as required. */
  required: boolean
}

/** The schema of the value at a data path under `root`, e.g. ["cards", 0, "image"]. */
export function fieldAt(root: JsonSchema, path: readonly Segment[], defs: Defs): FieldAt | undefined {
  let schema = resolveField(root, defs, root)
  let required = true
  for (const segment of path) {
    if (!schema) return undefined
    if (typeof segment === 'number') {
      schema = resolveField(schema.items as JsonSchema | undefined, defs, root)
      required = true
    } else {
      required = (schema.required ?? []).includes(segment)
      schema = resolveField(schema.properties?.[segment], defs, root)
    }
  }
  return schema && { schema, required }
}

/** The fields of an object schema, each resolved, in schema order. */
export function fieldsOf(schema: JsonSchema, defs: Defs, root?: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    schema: resolveField(field, defs, root) ?? field,
    required: required.has(name),
  }))
}

/** The schema every item of a list follows, resolved. */
export function itemsOf(schema: JsonSchema, defs: Defs, root?: JsonSchema): JsonSchema | undefined {
  return schema.type === 'array' ? resolveField(schema.items as JsonSchema | undefined, defs, root) : undefined
}

/** Deep enough for every schema here; stops a self-referring schema from looping. */
export const maxDepth = 6

/**
 * A value to show an author for a field: the field's own first example, else
 * one put together from the examples of its required parts. Lists of groups
 * keep their first item: one is enough to show the shape and keeps hints short.
 */
export function exampleOf(schema: JsonSchema, defs: Defs, root?: JsonSchema, depth = 0): unknown {
  const own = schema.examples?.[0]
  if (own !== undefined) return Array.isArray(own) && typeof own[0] === 'object' ? own.slice(0, 1) : own
  if (depth > maxDepth) return undefined
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  const items = itemsOf(schema, defs, root)
  if (items) {
    const item = exampleOf(items, defs, root, depth + 1)
    return item === undefined ? undefined : [item]
  }
  if (schema.type === 'object' && schema.properties) {
    const fields = fieldsOf(schema, defs, root)
    const shown = fields.some((f) => f.required) ? fields.filter((f) => f.required) : fields
    const value: Record<string, unknown> = {}
    for (const field of shown) {
      const example = exampleOf(field.schema, defs, root, depth + 1)
      if (example === undefined) return undefined
      value[field.name] = example
    }
    return value
  }
  return undefined
}

/**
 * The YAML an author would write for a field, e.g. "image:" with "src:" and
 * "alt:" below it, or for one item of a list ("- ...") when there is no name.
 * Each line is indented by two spaces, so that after a hint's "like this:" the
 * snippet stands apart from the sentence; its own lines keep their
 * indentation relative to the field, as they would sit in the page.
 */
export function yamlSnippet(name: string | undefined, schema: JsonSchema, defs: Defs, root?: JsonSchema): string | undefined {
  const example = exampleOf(schema, defs, root)
  if (example === undefined) return undefined
  const yaml = stringify(name === undefined ? [example] : { [name]: example }, { lineWidth: 0 }).trimEnd()
  return yaml
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n')
}

/** Whether a field holds a group of fields or a list: the kinds whose hints need a snippet. */
export function isGroupOrList(schema: JsonSchema | undefined): boolean {
  return schema?.type === 'object' || schema?.type === 'array'
}

/**
 * Every value under `value` whose field says `"format": format` in `schema`
 * (links, media), with its data path: the value is walked beside its schema,
 * so a text that only looks like a link is never taken for one. `path`: where
 * `value` is; `keep`: which of the values to return (a page's every link
 * walked for the few with a #part). One path is kept as the walk goes, and
 * copied only for a value returned: a path per node made this a tenth of a
 * page's check.
 */
export function valuesOfFormat(value: unknown, schema: JsonSchema, defs: Defs, format: string, { path = [], root = schema, keep }: { path?: readonly Segment[]; root?: JsonSchema; keep?: (value: string) => boolean } = {}): { path: Segment[]; value: string }[] {
  const found: { path: Segment[]; value: string }[] = []
  const trail: Segment[] = [...path]
  // A field reached through a "$ref" is resolved once per walk, not once per value under it.
  const resolved = new Map<JsonSchema, JsonSchema | undefined>()
  const resolve = (field: JsonSchema | undefined) => {
    if (!field?.$ref) return field
    if (!resolved.has(field)) resolved.set(field, resolveField(field, defs, root))
    return resolved.get(field)
  }
  const walk = (value: unknown, schema: JsonSchema | undefined): void => {
    const field = resolve(schema)
    if (!field) return
    if (typeof value === 'string') {
      if (field.format === format && (!keep || keep(value))) found.push({ path: [...trail], value })
    } else if (Array.isArray(value)) {
      const items = resolve(field.items as JsonSchema | undefined)
      if (!items) return
      for (let i = 0; i < value.length; i++) {
        trail.push(i)
        walk(value[i], items)
        trail.pop()
      }
    } else if (value && typeof value === 'object' && field.properties) {
      for (const [key, item] of Object.entries(value)) {
        if (!Object.hasOwn(field.properties, key)) continue
        trail.push(key)
        walk(item, field.properties[key])
        trail.pop()
      }
    }
  }
  walk(value, schema)
  return found
}
