import { readSchemaFiles, refName, type JsonSchema } from '../schema/schema-files.ts'
import { fieldKindKeyword } from '../../shared/field-kinds.ts'

/**
 * Draft-07 schemas for editors (the YAML language server behind VS Code's
 * YAML extension), generated from schema/: autocomplete of block types and
 * fields, their descriptions on hover, and errors while typing. The build's
 * own checks (links, media, highlights) stay in the build.
 */
export function editorSchemas(schemaDir: string): { page: JsonSchema; site: JsonSchema; shared: JsonSchema } {
  const { defs, site, page, blocks } = readSchemaFiles(schemaDir)
  const types = [...blocks.keys()]
  const shared: Record<string, unknown> = { ...defs, ...site.$defs }
  const definitions: Record<string, unknown> = { ...shared }
  for (const [type, { schema }] of blocks) definitions[`block-${type}`] = schema
  definitions.use = {
    title: 'Shared block',
    description: 'Uses a block defined in pages/_shared.yaml, by its name.',
    type: 'object',
    required: ['use'],
    additionalProperties: false,
    properties: { use: { type: 'string', description: 'The name of a block in pages/_shared.yaml.', examples: ['investorsHeader'] } },
  }
  const block = { oneOf: [...types.map((t) => ({ $ref: `#/definitions/block-${t}` })), { $ref: '#/definitions/use' }] }
  const wrap = (schema: JsonSchema, only = definitions) => draft07({ ...schema, definitions: only }, (ref) => definitions[refName(ref)] as JsonSchema | undefined)
  return {
    page: wrap({ ...page, properties: { ...page.properties, blocks: { ...page.properties!.blocks, items: block } } }),
    site: wrap({ ...site, $defs: undefined }, shared),
    shared: wrap({
      title: 'Shared blocks',
      description: 'Blocks used on more than one page, each under a name. A page uses one with "- use: name".',
      type: 'object',
      additionalProperties: block,
    }),
  }
}

/**
 * Rewrite 2020-12 keywords and references into draft-07 form. A field that
 * refers to a shared definition becomes `allOf: [$ref]` beside its own
 * title and description (the definition's description when it has none):
 * draft-07 ignores a $ref's sibling keys, and an editor's hover would show
 * the definition's title, a type's name ("Menu"), where the studio's form
 * shows the field's own ("Always-open list").
 */
function draft07(value: JsonSchema, definitionOf: (ref: string) => JsonSchema | undefined): JsonSchema {
  const field = (node: unknown): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node
    const { $ref, ...own } = node as JsonSchema
    if (typeof $ref !== 'string') return node
    const description = own.description ?? definitionOf($ref)?.description
    return { ...own, ...(description !== undefined ? { description } : {}), allOf: [{ $ref }] }
  }
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert)
    if (!node || typeof node !== 'object') return node
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties' && child && typeof child === 'object') {
        out.properties = Object.fromEntries(Object.entries(child).map(([name, property]) => [name, convert(field(property))]))
        continue
      }
      if (key === 'items' && child && typeof child === 'object' && !Array.isArray(child)) {
        out.items = convert(field(child))
        continue
      }
      if (child === undefined || key === '$id' || key === '$schema') continue
      // Our own formats ("link", "media") are checked by the build, not the editor.
      if (key === 'format') continue
      // Block versions and their migrations are for npm run migrate and the build.
      if (key === 'x-version' || key === 'x-migrations') continue
      // What a field holds is for the studio's form (shared/field-kinds.ts).
      if (key === fieldKindKeyword) continue
      if (key === '$ref' && typeof child === 'string') out.$ref = `#/definitions/${refName(child)}`
      else if (key === 'dependentRequired') out.dependencies = child
      else if (key === '$defs') continue
      else out[key] = convert(child)
    }
    return out
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...(convert(value) as JsonSchema) }
}
