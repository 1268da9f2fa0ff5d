import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JsonSchema } from '../../shared/json-schema.ts'

/**
 * The one place that reads schema/: the page, the site settings, the shared
 * definitions and one file per block type. Everything else (the schema set,
 * the migrations, the catalogue, the generated types and editor schemas)
 * takes the schemas from here, and follows a "$ref" by `refName`.
 */

export type { JsonSchema }

/** The shared definitions of defs.schema.json, by name. */
export type Defs = Record<string, JsonSchema>

export interface BlockSchemaFile {
  schema: JsonSchema
  /** The file as written, for locating problems in it. */
  text: string
}

export interface SchemaFiles {
  /** defs.schema.json as a whole (it has an $id that other schemas refer to). */
  defsSchema: JsonSchema
  defs: Defs
  page: JsonSchema
  site: JsonSchema
  /** schema/blocks/<type>.schema.json by type, in name order. */
  blocks: Map<string, BlockSchemaFile>
}

const suffix = '.schema.json'

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

/** Block type names from schema/blocks/<type>.schema.json. */
export function listBlockSchemas(schemaDir: string): string[] {
  return readdirSync(join(schemaDir, 'blocks'))
    .filter((f) => f.endsWith(suffix))
    .map((f) => f.slice(0, -suffix.length))
    .sort()
}

/** The path of a block type's schema file, relative to schema/. */
export function blockSchemaFile(type: string): string {
  return `blocks/${type}${suffix}`
}

export function readSchemaFiles(schemaDir: string): SchemaFiles {
  const defsSchema = readJson<JsonSchema>(join(schemaDir, 'defs.schema.json'))
  const blocks = new Map<string, BlockSchemaFile>()
  for (const type of listBlockSchemas(schemaDir)) {
    const text = readFileSync(join(schemaDir, blockSchemaFile(type)), 'utf8')
    blocks.set(type, { schema: JSON.parse(text) as JsonSchema, text })
  }
  return {
    defsSchema,
    defs: (defsSchema.$defs ?? {}) as Defs,
    page: readJson<JsonSchema>(join(schemaDir, 'page.schema.json')),
    site: readJson<JsonSchema>(join(schemaDir, 'site.schema.json')),
    blocks,
  }
}

// How a "$ref" is followed is shared/schema-ref.ts's, the one rule for the compiler, codegen and the studio.
export { refName } from '../../shared/schema-ref.ts'
