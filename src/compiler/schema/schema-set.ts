import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import { problem } from '../problems/errors.ts'
import { classifyLink } from '../../shared/links.ts'
import { keyNodeAt, locatePath, locationOf } from '../yaml/locate.ts'
import { readVersioning, type BlockVersioning } from '../migrate/migrate-steps.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import { PageProblemsError, type Problem } from '../problems/problems.ts'
import { blockSchemaFile, readSchemaFiles, type JsonSchema, type SchemaFiles } from './schema-files.ts'
import { checkFormEndpoint } from '../../shared/form-endpoint.ts'
import { schemaRefusal } from './schema-refusal.ts'
import type { Anchors } from './anchor-links.ts'

/** What the "link" and "media" formats check against; filled before validating. */
export interface KnownTargets {
  routes: Set<string>
  media: Set<string>
  /** Names of the shared blocks in pages/_shared.yaml. */
  fragments?: Set<string>
  /** The ids each route's blocks define, as saved, for links to /route#id (anchor-links.ts). */
  anchors?: Anchors
}

export interface SchemaSet {
  page: ValidateFunction
  pageSchema: JsonSchema
  site: ValidateFunction
  siteSchema: JsonSchema
  blocks: Map<string, BlockSchema>
  blockTypes: string[]
  defs: Record<string, JsonSchema>
  targets: KnownTargets
}

export interface BlockSchema extends BlockVersioning {
  validate: ValidateFunction
  schema: JsonSchema
}

/**
 * Every block schema with its version and migration steps. A faulty
 * "x-version" or "x-migrations" throws a PageProblemsError located in the
 * schema file: no page can be checked or migrated against it.
 */
export function readBlockSchemas(schemaDir: string, files: SchemaFiles = readSchemaFiles(schemaDir)): Map<string, { schema: JsonSchema } & BlockVersioning> {
  const blocks = new Map<string, { schema: JsonSchema } & BlockVersioning>()
  const problems: Problem[] = []
  for (const [type, { schema, text }] of files.blocks) {
    const { versioning, faults } = readVersioning(schema, files.defs)
    if (faults.length) {
      // JSON is YAML, so the YAML locator can point into the schema file.
      const file = `${basename(schemaDir)}/${blockSchemaFile(type)}`
      const parsed = parseYaml(file, new TextEncoder().encode(text))
      for (const { path: at, detail, atKey } of faults) {
        const key = atKey && parsed.ok ? keyNodeAt(parsed.parsed, at.slice(0, -1), String(at[at.length - 1])) : undefined
        const where = !parsed.ok ? { file, line: 1, column: 1 } : key ? locationOf(parsed.parsed, key) : locatePath(parsed.parsed, at)
        problems.push(problem('BadMigrationDeclaration', { type, detail }, where))
      }
    }
    blocks.set(type, { schema, ...versioning })
  }
  if (problems.length) throw new PageProblemsError(problems)
  return blocks
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
  // Schema evolution (migrate-steps.ts): annotations, checked by readBlockSchemas.
  ajv.addKeyword({ keyword: 'x-version', schemaType: 'number' })
  ajv.addKeyword({ keyword: 'x-migrations', schemaType: 'array' })
  ajv.addFormat('link', {
    type: 'string',
    validate: (href: string) => {
      const verdict = classifyLink(href)
      if (verdict.kind !== 'internal') return verdict.kind !== 'unsafe'
      if (verdict.route === '') return true
      // Whether "/route#id" reaches an id is anchor-links.ts's: the ids are passed to a check, not read from here.
      return targets.routes.has(verdict.route)
    },
  })
  ajv.addFormat('media', { type: 'string', validate: (src: string) => targets.media.has(src) })
  ajv.addFormat('form-endpoint', { type: 'string', validate: (value: string) => checkFormEndpoint(value).ok })

  const files = readSchemaFiles(schemaDir)
  // A schema Ajv refuses (strict mode, or not JSON Schema at all) is a
  // located problem in its file, like a page's, and every such schema is
  // reported before the check stops: never a stack trace.
  const refused: Problem[] = []
  const compile = <T>(name: string, text: () => string, make: () => T): T | undefined => {
    try {
      return make()
    } catch (error) {
      refused.push(schemaRefusal(error, `${basename(schemaDir)}/${name}`, text()))
      return undefined
    }
  }
  const fileText = (name: string) => () => readFileSync(join(schemaDir, name), 'utf8')
  compile('defs.schema.json', fileText('defs.schema.json'), () => ajv.addSchema(files.defsSchema))
  const { page: pageSchema, site: siteSchema } = files
  const blocks = new Map<string, BlockSchema>()
  for (const [type, block] of readBlockSchemas(schemaDir, files)) {
    const validate = compile(blockSchemaFile(type), () => files.blocks.get(type)!.text, () => ajv.compile(block.schema))
    if (validate) blocks.set(type, { ...block, validate })
  }
  const page = compile('page.schema.json', fileText('page.schema.json'), () => ajv.compile(pageSchema))
  const site = compile('site.schema.json', fileText('site.schema.json'), () => ajv.compile(siteSchema))
  if (refused.length || !page || !site) throw new PageProblemsError(refused)
  return {
    page,
    pageSchema,
    site,
    siteSchema,
    blocks,
    blockTypes: [...blocks.keys()],
    defs: files.defs,
    targets,
  }
}
