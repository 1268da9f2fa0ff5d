import { join } from 'node:path'
import { stringify } from 'yaml'
import { listBlockSchemas, readJson, type JsonSchema } from './schema-set.ts'

export interface CatalogueField {
  name: string
  required: boolean
  kind: string
  description: string
}

export interface CatalogueEntry {
  type: string
  description: string
  examples: { block: Record<string, unknown>; yaml: string }[]
  fields: CatalogueField[]
}

/**
 * The block catalogue, straight from schema/: every block type with its
 * description, its examples (as data to render and as the YAML an author
 * would write) and a table of its fields.
 */
export function buildCatalogue(schemaDir: string): CatalogueEntry[] {
  const defs = (readJson<JsonSchema>(join(schemaDir, 'defs.schema.json')).$defs ?? {}) as Record<string, JsonSchema>
  return listBlockSchemas(schemaDir).map((type) => {
    const schema = readJson<JsonSchema>(join(schemaDir, 'blocks', `${type}.schema.json`))
    const required = new Set(schema.required ?? [])
    const fields = Object.entries(schema.properties ?? {})
      .filter(([name]) => name !== 'type')
      .map(([name, field]) => {
        const target = field.$ref ? defs[field.$ref.split('/').pop()!] : undefined
        return { name, required: required.has(name), kind: kindOf(field, target), description: String(field.description ?? target?.description ?? '') }
      })
    const examples = ((schema.examples ?? []) as Record<string, unknown>[]).map((block) => ({
      block,
      yaml: stringify([block], { lineWidth: 0 }).trimEnd(),
    }))
    return { type, description: String(schema.description ?? ''), examples, fields }
  })
}

/** A few words for a field's kind: "text", "list of text", "one of: tall, short", "link"... */
function kindOf(field: JsonSchema, target: JsonSchema | undefined): string {
  if (target) return String(target.title ?? 'object').toLowerCase()
  if (Array.isArray(field.enum)) return `one of: ${field.enum.join(', ')}`
  if (field.type === 'array') {
    const items = (field.items ?? {}) as JsonSchema
    return items.type === 'object' ? 'list of items' : `list of ${items.type === 'string' ? 'text' : String(items.type ?? 'values')}`
  }
  const words: Record<string, string> = { string: 'text', integer: 'whole number', number: 'number', boolean: 'true or false', object: 'group of fields' }
  return words[String(field.type)] ?? String(field.type ?? 'value')
}
