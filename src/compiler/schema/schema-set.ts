import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import Ajv2020, { _, Name, type ValidateFunction } from 'ajv/dist/2020.js'
import { problem } from '../problems/errors.ts'
import { classifyLink } from '../../shared/links.ts'
import { readVersioning, type BlockVersioning } from '../migrate/migrate-steps.ts'
import { schemaLocator } from './schema-locate.ts'
import { PageProblemsError, type Problem } from '../problems/problems.ts'
import { blockSchemaFile, readSchemaFiles, type JsonSchema, type SchemaFiles } from './schema-files.ts'
import { checkFormEndpoint } from '../../shared/form-endpoint.ts'
import { schemaRefusal } from './schema-refusal.ts'
import { fieldKindKeyword, fieldKinds } from '../../shared/field-kinds.ts'
import { formatsName, keepValidators, keptValidatorsOf, readKeptValidators } from '../cache/validator-cache.ts'
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
      const where = schemaLocator(`${basename(schemaDir)}/${blockSchemaFile(type)}`, text)
      for (const { path: at, detail, atKey } of faults) problems.push(problem('BadMigrationDeclaration', { type, detail }, where(at, atKey ? String(at.at(-1)) : undefined)))
    }
    blocks.set(type, { schema, ...versioning })
  }
  if (problems.length) throw new PageProblemsError(problems)
  return blocks
}

export interface SchemaSetOptions {
  /** Where the compiled validators are kept between runs (cache/validator-cache.ts); without it, they are compiled each time. */
  keptValidators?: string
  /** schema/ as already read by the caller (which checks its own rules on them first), so it is read once. */
  files?: SchemaFiles
}

/**
 * Compile every schema under schema/ once, or take the validators kept by a
 * run with the same schemas and code. Ajv runs in strict mode with all
 * errors and without coercion or defaults: the source data is reported on
 * exactly as the author wrote it.
 */
export function loadSchemaSet(schemaDir: string, targets: KnownTargets = { routes: new Set(), media: new Set() }, { keptValidators, files = readSchemaFiles(schemaDir) }: SchemaSetOptions = {}): SchemaSet {
  const versioned = readBlockSchemas(schemaDir, files)
  const formats = formatDefinitions(targets)
  const names = ['page', 'site', ...[...versioned.keys()].map(blockValidator)]
  const keptAt = keptValidators && keptValidatorsOf(keptValidators, schemaDir)
  const kept = keptAt ? readKeptValidators(keptAt, formats) : undefined
  const validators = kept && names.every((name) => kept.has(name)) ? kept : compileValidators(schemaDir, files, versioned, formats, keptAt)
  const blocks = new Map<string, BlockSchema>()
  for (const [type, block] of versioned) blocks.set(type, { ...block, validate: validators.get(blockValidator(type))! })
  return {
    page: validators.get('page')!,
    pageSchema: files.page,
    site: validators.get('site')!,
    siteSchema: files.site,
    blocks,
    blockTypes: [...blocks.keys()],
    defs: files.defs,
    targets,
  }
}

/** A block type's validator's name among the page's and the site settings'. */
const blockValidator = (type: string) => `block:${type}`

/** The formats the schemas use, checked against `targets` (filled before validating). */
function formatDefinitions(targets: KnownTargets) {
  return {
    link: {
      type: 'string',
      validate: (href: string) => {
        const verdict = classifyLink(href)
        if (verdict.kind !== 'internal') return verdict.kind !== 'unsafe'
        if (verdict.route === '') return true
        // Whether "/route#id" reaches an id is anchor-links.ts's: the ids are passed to a check, not read from here.
        return targets.routes.has(verdict.route)
      },
    },
    media: { type: 'string', validate: (src: string) => targets.media.has(src) },
    'form-endpoint': { type: 'string', validate: (value: string) => checkFormEndpoint(value).ok },
  } as const
}

/**
 * Every validator, compiled by Ajv, by name; kept in `keepAt` when given.
 * A schema Ajv refuses (strict mode, or not JSON Schema at all) is a
 * located problem in its file, like a page's, and every such schema is
 * reported before the check stops: never a stack trace.
 */
function compileValidators(schemaDir: string, files: SchemaFiles, versioned: ReturnType<typeof readBlockSchemas>, formats: ReturnType<typeof formatDefinitions>, keepAt: string | undefined): Map<string, ValidateFunction> {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    verbose: true,
    coerceTypes: false,
    useDefaults: false,
    validateFormats: true,
    // The code of each validator, to keep, reaching the formats by name.
    ...(keepAt ? { code: { source: true, formats: _`${new Name(formatsName)}` } } : {}),
  })
  // Schema evolution (migrate-steps.ts): annotations, checked by readBlockSchemas.
  ajv.addKeyword({ keyword: 'x-version', schemaType: 'number' })
  ajv.addKeyword({ keyword: 'x-migrations', schemaType: 'array' })
  // What a field holds, for the studio's widget (shared/field-kinds.ts): one of ours, or refused where it is written.
  ajv.addKeyword({ keyword: fieldKindKeyword, schemaType: 'string', metaSchema: { enum: Object.keys(fieldKinds) } })
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format)

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
  const validators = new Map<string, ValidateFunction>()
  for (const [type, block] of versioned) {
    const validate = compile(blockSchemaFile(type), () => files.blocks.get(type)!.text, () => ajv.compile(block.schema))
    if (validate) validators.set(blockValidator(type), validate)
  }
  const page = compile('page.schema.json', fileText('page.schema.json'), () => ajv.compile(files.page))
  const site = compile('site.schema.json', fileText('site.schema.json'), () => ajv.compile(files.site))
  if (refused.length || !page || !site) throw new PageProblemsError(refused)
  validators.set('page', page).set('site', site)
  if (keepAt) {
    try {
      keepValidators(keepAt, ajv, validators)
    } catch {
      // Keeping them only saves the next run the compiling (a read-only
      // node_modules, code Ajv cannot write out): never a reason to stop this one.
    }
  }
  return validators
}
