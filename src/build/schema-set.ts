import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import { classifyLink } from './links.ts'

/** The parts of a JSON Schema this project reads; the rest passes through. */
export interface JsonSchema {
  [keyword: string]: unknown
  $id?: string
  $ref?: string
  $defs?: Record<string, JsonSchema>
  title?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  examples?: unknown[]
}

/** What the "link" and "media" formats check against; filled before validating. */
export interface KnownTargets {
  routes: Set<string>
  media: Set<string>
  /** Names of the shared blocks in pages/_shared.yaml. */
  fragments?: Set<string>
  /** The ids each route's blocks define, for links to /route#id. */
  anchors?: Map<string, Set<string>>
}

export interface SchemaSet {
  page: ValidateFunction
  pageSchema: JsonSchema
  site: ValidateFunction
  siteSchema: JsonSchema
  blocks: Map<string, { validate: ValidateFunction; schema: JsonSchema }>
  blockTypes: string[]
  defs: Record<string, JsonSchema>
  targets: KnownTargets
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

/** Block type names from schema/blocks/<type>.schema.json. */
export function listBlockSchemas(schemaDir: string): string[] {
  return readdirSync(join(schemaDir, 'blocks'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.slice(0, -'.schema.json'.length))
    .sort()
}

/**
 * Compile every schema under schema/ once. Ajv runs in strict mode with all
 * errors and without coercion or defaults: the source data is reported on
 * exactly as the author wrote it.
 */
export function loadSchemaSet(schemaDir: string, targets: KnownTargets = { routes: new Set(), media: new Set() }): SchemaSet {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    verbose: true,
    coerceTypes: false,
    useDefaults: false,
    validateFormats: true,
  })
  ajv.addFormat('link', {
    type: 'string',
    validate: (href: string) => {
      const verdict = classifyLink(href)
      if (verdict.kind !== 'internal') return verdict.kind !== 'unsafe'
      if (verdict.route === '') return true
      if (!targets.routes.has(verdict.route)) return false
      const id = verdict.hash.slice(1)
      return !id || !targets.anchors || Boolean(targets.anchors.get(verdict.route)?.has(id))
    },
  })
  ajv.addFormat('media', { type: 'string', validate: (src: string) => targets.media.has(src) })

  const defsSchema = readJson<JsonSchema>(join(schemaDir, 'defs.schema.json'))
  ajv.addSchema(defsSchema)
  const pageSchema = readJson<JsonSchema>(join(schemaDir, 'page.schema.json'))
  const siteSchema = readJson<JsonSchema>(join(schemaDir, 'site.schema.json'))
  const blocks = new Map<string, { validate: ValidateFunction; schema: JsonSchema }>()
  const blockTypes = listBlockSchemas(schemaDir)
  for (const type of blockTypes) {
    const schema = readJson<JsonSchema>(join(schemaDir, 'blocks', `${type}.schema.json`))
    blocks.set(type, { validate: ajv.compile(schema), schema })
  }
  return {
    page: ajv.compile(pageSchema),
    pageSchema,
    site: ajv.compile(siteSchema),
    siteSchema,
    blocks,
    blockTypes,
    defs: (defsSchema.$defs ?? {}) as Record<string, JsonSchema>,
    targets,
  }
}
