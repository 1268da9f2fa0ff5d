import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import type { PathSegment } from '../yaml/locate.ts'
import { schemaLocator } from './schema-locate.ts'
import { blockSchemaFile, type JsonSchema, type SchemaFiles } from './schema-files.ts'
import { declaredKind, fieldKindKeyword } from '../../shared/field-kinds.ts'

/**
 * The rules a schema here keeps beyond JSON Schema's own: the schema and
 * every field an author can write say what they are for ("description":
 * the form's help, the YAML tab's hover, the block catalogue), and a block
 * and every field holding a value show one ("examples": the catalogue, the
 * editor's completion). A field given by "$ref" is documented where the
 * reference points. Each missing one is a problem located in its schema
 * file, so gen, check, build and the studio stop on it alike.
 */
export function schemaDocProblems(schemaDir: string, files: SchemaFiles): Problem[] {
  const dir = basename(schemaDir)
  const own = (name: string) => () => readFileSync(join(schemaDir, name), 'utf8')
  const schemas: { name: string; schema: JsonSchema; text: () => string; kind: 'block' | 'file' | 'defs' }[] = [
    ...[...files.blocks].map(([type, { schema, text }]) => ({ name: blockSchemaFile(type), schema, text: () => text, kind: 'block' as const })),
    { name: 'page.schema.json', schema: files.page, text: own('page.schema.json'), kind: 'file' },
    { name: 'site.schema.json', schema: files.site, text: own('site.schema.json'), kind: 'file' },
    { name: 'defs.schema.json', schema: files.defsSchema, text: own('defs.schema.json'), kind: 'defs' },
  ]
  return schemas.flatMap(({ name, schema, text, kind }) => {
    const missing = missingDocs(schema, kind)
    if (!missing.length) return []
    const file = `${dir}/${name}`
    const where = schemaLocator(file, text())
    return missing.map((m) =>
      m.missing === 'kind'
        ? problem('SchemaFieldKindMismatch', { what: m.what, kind: m.kind!, needs: m.needs! }, where(m.path, m.key))
        : problem('SchemaUndocumented', { what: m.what, missing: m.missing, block: kind === 'block' && m.path.length === 0 }, where(m.path, m.key)),
    )
  })
}

interface Missing {
  /** In words: "the block", "the field \"heading\"", "the definition \"image\"". */
  what: string
  missing: 'description' | 'examples' | 'kind'
  /** A declared kind ("x-field") and what the field needs to hold it. */
  kind?: string
  needs?: string
  /** The object that lacks it, and the key in its parent to point at. */
  path: PathSegment[]
  key?: string
}

function missingDocs(schema: JsonSchema, kind: 'block' | 'file' | 'defs'): Missing[] {
  const out: Missing[] = []
  // Said at the schema's "title", its name, when it has one.
  if (kind !== 'defs' && typeof schema.description !== 'string') out.push({ what: kind === 'block' ? 'the block' : 'the schema', missing: 'description', path: [], key: 'title' })
  if (kind === 'block' && !(Array.isArray(schema.examples) && schema.examples.length)) out.push({ what: 'the block', missing: 'examples', path: [], key: 'title' })
  if (kind === 'defs') {
    for (const [name, def] of Object.entries(schema.$defs ?? {})) {
      field(def, `the definition "${name}"`, ['$defs'], name, out)
      fields(def, ['$defs', name], name, out)
    }
  } else fields(schema, [], '', out)
  return out
}

/** Every field under `schema.properties`, and under its items' properties, named by its path: "cards[].title". */
function fields(schema: JsonSchema, path: PathSegment[], named: string, out: Missing[]): void {
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const childName = named ? `${named}.${name}` : name
    field(child, `the field "${childName}"`, [...path, 'properties'], name, out)
    fields(child, [...path, 'properties', name], childName, out)
    const items = child.items as JsonSchema | undefined
    if (items && typeof items === 'object' && !Array.isArray(items)) fields(items, [...path, 'properties', name, 'items'], `${childName}[]`, out)
  }
}

function field(schema: JsonSchema, what: string, parent: PathSegment[], key: string, out: Missing[]): void {
  if (schema.$ref) return
  const path = [...parent, key]
  if (typeof schema.description !== 'string') out.push({ what, missing: 'description', path, key })
  const holdsValue = !['object', 'array'].includes(String(schema.type)) && schema.const === undefined
  if (holdsValue && !(Array.isArray(schema.examples) && schema.examples.length)) out.push({ what, missing: 'examples', path, key })
  // A declared kind the field cannot hold would give it a widget that writes the wrong thing.
  const kind = declaredKind(schema)
  const needs = kind === 'blocks' ? { type: 'array' } : kind ? { format: 'media' } : undefined
  if (needs && Object.entries(needs).some(([k, v]) => schema[k] !== v)) out.push({ what, missing: 'kind', kind: kind!, needs: Object.entries(needs).map(([k, v]) => `"${k}": "${v}"`).join(''), path: [...path, fieldKindKeyword], key: fieldKindKeyword })
}
