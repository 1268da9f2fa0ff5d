import { compile, type JSONSchema } from 'json-schema-to-typescript'
import { readSchemaFiles, refName } from '../schema/schema-files.ts'
import { generatedBanner, schemaHash } from './schema-hash.ts'

/**
 * TypeScript types for the page, the site settings and every block, from the
 * JSON Schemas: the schemas are the one source of truth.
 */
export async function generateTypes(schemaDir: string): Promise<string> {
  const files = readSchemaFiles(schemaDir)
  const { page, site, defs } = files
  const types = [...files.blocks.keys()]
  const blocks = [...files.blocks.values()].map((b) => b.schema)
  // One self-contained root, so every shared definition is emitted once.
  const root = {
    title: rootTitle,
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { ...page, $id: undefined, $schema: undefined, properties: { ...page.properties, blocks: { type: 'array', items: { tsType: 'Block' } } } },
      site: { ...site, $id: undefined, $schema: undefined, $defs: undefined },
      ...Object.fromEntries(blocks.map((b, i) => [types[i], { ...b, $id: undefined, $schema: undefined }])),
    },
    $defs: { ...defs, ...site.$defs },
  }
  const body = await compile(localiseRefs(root) as JSONSchema, rootTitle, {
    bannerComment: '',
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    format: true,
    style: { semi: false, singleQuote: true, printWidth: 100 },
  })
  const union = blocks.map((b, i) => pascal(b.title ?? types[i]!))
  return [
    generatedBanner(schemaHash(schemaDir)),
    body.replace(/export interface SchemaRoot \{[\s\S]*?\n\}\n/, '').trim(),
    '',
    `export type Block = ${union.join(' | ')}`,
    `export type BlockType = Block['type']`,
    `export const blockTypes = ${JSON.stringify(types).replace(/"/g, "'").replace(/,/g, ', ')} as const satisfies readonly BlockType[]`,
    '',
  ].join('\n')
}

const rootTitle = 'SchemaRoot'

/**
 * Point every "$ref" at the root's $defs, and drop the annotations beside a
 * "$ref": they are for editors, and would make the generator declare a
 * separate copy of the referenced type for each use. A field's title goes
 * too: it is the studio's label ("Heading", "Phone menu"), and the generator
 * would declare a type named after it for every field that has one.
 */
function localiseRefs(value: unknown, isField = false): unknown {
  if (Array.isArray(value)) return value.map((v) => localiseRefs(v))
  if (!value || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  if (typeof record.$ref === 'string') return { $ref: `#/$defs/${refName(record.$ref)}` }
  // The synthetic root's properties are the page, the site and each block: their titles name their types.
  const fieldsBelow = record.title !== rootTitle
  return Object.fromEntries(
    Object.entries(record)
      .filter(([k]) => !(isField && k === 'title'))
      .map(([k, v]) => [k, k === 'properties' && v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([name, field]) => [name, localiseRefs(field, fieldsBelow)])) : localiseRefs(v)]),
  )
}

function pascal(title: string): string {
  return title.replace(/(^|[^A-Za-z0-9])([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '')
}
