/**
 * schema/ to form fields: pure functions over the schemas as read by
 * src/compiler/schema/schema-files.ts. A field's kind comes from what the
 * schema already says (type, enum, const, format, maxLength, min/maxItems),
 * its label from the property's name (or the schema's title), its help from
 * the description. tests/unit/studio/forms/schema-fields.test.ts covers every schema.
 */
import type { JsonSchema } from '../../shared/json-schema.ts'
import type { BlockForm, Field, FormModel, NamedField } from './fields.ts'
import { authorWords, fieldLabel, itemNounOf, labelOf } from './words.ts'
import { partOfFields } from '../../shared/part-of-fields.ts'
import { declaredKind } from '../../shared/field-kinds.ts'
import { followRef } from '../../shared/schema-ref.ts'

/** Text allowed to be longer than this gets a box of several lines. */
const longTextFrom = 160

export interface SchemaSource {
  page: JsonSchema
  site: JsonSchema
  /** defs.schema.json's $defs, by name. */
  defs: Record<string, JsonSchema>
  /** Each block type's schema, in name order. */
  blocks: [string, JsonSchema][]
}

export function formModel(source: SchemaSource): FormModel {
  const resolve = resolver(source)
  return {
    page: groupOf(source.page, 'Page', true, resolve),
    site: groupOf(source.site, 'Site', true, resolve, source.site),
    blocks: source.blocks.map(([type, schema]) => blockForm(type, schema, resolve)),
  }
}

function blockForm(type: string, schema: JsonSchema, resolve: Resolve): BlockForm {
  const label = labelOf(type)
  const example = (schema.examples as Record<string, unknown>[] | undefined)?.[0]
  const help = schema.description && authorWords(schema.description)
  return { type, label, ...(help ? { help } : {}), field: groupOf(schema, label, true, resolve), ...(example ? { example } : {}) }
}

type Resolve = (schema: JsonSchema, home?: JsonSchema) => { schema: JsonSchema; home: JsonSchema | undefined }

/** Follow "$ref"s to the definition, the referring schema's own keys over it (shared/schema-ref.ts, as the compiler does). */
function resolver(source: SchemaSource): Resolve {
  return (schema, home) => {
    const { schema: at, root } = followRef(schema, source.defs, home)
    return { schema: at, home: root as JsonSchema | undefined }
  }
}

export function fieldOf(name: string, raw: JsonSchema, required: boolean, resolve: Resolve, home?: JsonSchema): Field {
  const { schema, home: at } = resolve(raw, home)
  // The field's own title, when its schema names it for authors ("Heading"); a shared definition's title ("Image") names a type, not this field.
  const label = fieldLabel(name, raw.title)
  const help = typeof schema.description === 'string' ? authorWords(schema.description) : undefined
  const common = { label, required, ...(help ? { help } : {}) }
  if ('const' in schema) return { ...common, kind: 'fixed', value: schema.const }
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return { ...common, kind: 'choice', options: schema.enum as string[] }
  switch (schema.type) {
    case 'string':
      if (schema.format === 'link') return { ...common, kind: 'link' }
      // A picture unless its schema says it holds a video: never guessed from its name or description.
      if (schema.format === 'media') return { ...common, kind: 'media', accept: declaredKind(schema) === 'video' ? 'video' : 'image' }
      return {
        ...common,
        kind: 'text',
        long: typeof schema.maxLength !== 'number' || schema.maxLength > longTextFrom,
        ...(typeof schema.minLength === 'number' ? { minLength: schema.minLength } : {}),
        ...(typeof schema.maxLength === 'number' ? { maxLength: schema.maxLength } : {}),
        ...(typeof schema.pattern === 'string' ? { pattern: schema.pattern } : {}),
      }
    case 'integer':
    case 'number':
      return {
        ...common,
        kind: 'number',
        integer: schema.type === 'integer',
        ...(typeof schema.minimum === 'number' ? { minimum: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' ? { maximum: schema.maximum } : {}),
      }
    case 'boolean':
      return { ...common, kind: 'flag' }
    case 'object':
      return groupOf(schema, label, required, resolve, at, help)
    case 'array': {
      const limits = {
        ...(typeof schema.minItems === 'number' ? { minItems: schema.minItems } : {}),
        ...(typeof schema.maxItems === 'number' ? { maxItems: schema.maxItems } : {}),
      }
      // The page's blocks: items of any block type, each with its own form.
      if (declaredKind(schema) === 'blocks') return { ...common, kind: 'blocks', ...limits }
      // An item is named by the list ("rows" -> "Row"), or by its own "title" where
      // the list's name cannot say it (the cells of a table's row are not rows).
      const items = (schema.items as JsonSchema | undefined) ?? {}
      const noun = itemNounOf(name, items.title)
      const item = fieldOf(noun, items, true, resolve, at)
      return { ...common, kind: 'list', item, itemNoun: noun.toLowerCase(), ...limits }
    }
  }
  return { ...common, kind: 'yaml-only' }
}

function groupOf(schema: JsonSchema, label: string, required: boolean, resolve: Resolve, home?: JsonSchema, help?: string): Field & { kind: 'group' } {
  const needed = new Set(schema.required ?? [])
  const properties = schema.properties ?? {}
  const fields: NamedField[] = Object.entries(properties).map(([name, property]) => {
    const field = fieldOf(name, property, needed.has(name), resolve, home)
    const whole = partOfFields[name]
    return { name, field: field.kind === 'text' && whole && whole in properties ? { ...field, partOf: whole } : field }
  })
  return { kind: 'group', label, required, fields, ...(help ? { help } : {}) }
}
