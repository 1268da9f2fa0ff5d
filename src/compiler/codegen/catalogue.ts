import { stringify } from 'yaml'
import { readSchemaFiles, type Defs, type JsonSchema } from '../schema/schema-files.ts'
import { fieldsOf, itemsOf, maxDepth } from '../schema/schema-walk.ts'
import type { CatalogueEntry, CatalogueField } from '../../shared/catalogue.ts'
import { fullRowCounts, gridBlocks } from '../../shared/grid.ts'

/**
 * The block catalogue, straight from schema/: every block type with its
 * description, its examples (as data to render and as the YAML an author
 * would write) and a table of its fields, nested ones included.
 */
export function buildCatalogue(schemaDir: string): CatalogueEntry[] {
  const { defs, blocks } = readSchemaFiles(schemaDir)
  return [...blocks].map(([type, { schema }]) => {
    const fields = describeFields(schema, defs, 0).filter((f) => f.name !== 'type')
    const examples = ((schema.examples ?? []) as Record<string, unknown>[]).map((block) => ({
      block,
      yaml: stringify([block], { lineWidth: 0 }).trimEnd(),
    }))
    const layout = layoutAdvice(type, schema, defs)
    return { type, description: String(schema.description ?? ''), examples, fields, ...(layout ? { layout } : {}) }
  })
}

/**
 * For a block that lays its items out in rows, which counts fill every row
 * on wide screens, worked out from the grid the component uses and the
 * list's bounds in the schema: "4 or 8 figures fill every row…".
 */
export function layoutAdvice(type: string, schema: JsonSchema, defs: Defs): string | undefined {
  const grid = (gridBlocks as Record<string, (typeof gridBlocks)[keyof typeof gridBlocks]>)[type]
  const list = grid && fieldsOf(schema, defs).find((f) => f.name === grid.list)?.schema
  if (!grid || !list) return undefined
  const ownRow = 'ownRow' in grid ? grid.ownRow : 0
  const counts = fullRowCounts(Number(list.minItems ?? 1), Number(list.maxItems ?? 12), grid.widest, ownRow)
  const names = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} or ${counts.at(-1)}` : String(counts[0])
  const first = ownRow ? `In the still grid (reduced motion, or no JavaScript) the first ${grid.unit} takes a whole row; ` : ''
  const rest = grid.shortRow === 'centred' ? 'the last row is shorter and centred' : `the last ${grid.unit} stretches across what its row leaves`
  return `${first}${names} ${grid.unit}s fill every row on wide screens (at most ${grid.widest} to a row). With another number ${rest}.`
}

function describeFields(schema: JsonSchema, defs: Defs, depth: number): CatalogueField[] {
  return fieldsOf(schema, defs).map(({ name, schema: field, required }) => {
    const inner = depth < maxDepth ? innerFields(field, defs, depth + 1) : []
    return {
      name,
      required,
      kind: kindOf(field, defs),
      description: String(field.description ?? ''),
      ...withLimits(field),
      ...(Array.isArray(field.enum) ? { allowed: field.enum.map(String) } : {}),
      ...(inner.length ? { fields: inner } : {}),
    }
  })
}

/**
 * The bounds an author runs into: the check rejects a list of nine cards
 * where eight fit, so the catalogue says so first. A text limit is shown
 * only when it is tight enough to matter (a title, not a paragraph).
 */
function withLimits(field: JsonSchema): { limits?: string } {
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const many = (n: number) => `${n} ${n === 1 ? unit : `${unit}s`}`
    if (min !== undefined && max !== undefined) return min === max ? `exactly ${many(min)}` : `${min} to ${many(max)}`
    if (max !== undefined) return `up to ${many(max)}`
    return min !== undefined && min > 1 ? `at least ${many(min)}` : undefined
  }
  const limits =
    field.type === 'array'
      ? range(field.minItems as number | undefined, field.maxItems as number | undefined, 'item')
      : field.type === 'string' && typeof field.maxLength === 'number' && field.maxLength <= 200
        ? range(undefined, field.maxLength, 'character')
        : undefined
  return limits ? { limits } : {}
}

/** The fields of a group, or of each item of a list of groups. */
function innerFields(field: JsonSchema, defs: Defs, depth: number): CatalogueField[] {
  const group = itemsOf(field, defs) ?? field
  return group.type === 'object' ? describeFields(group, defs, depth) : []
}

/** A few words for a field's kind: "text", "list of text", "one of", "image"... */
function kindOf(field: JsonSchema, defs: Defs): string {
  // A shared definition is known by its name: "image", "link". (A title on a
  // list's items only names them in the studio's form: a row, a cell.)
  if (field.title && Object.values(defs).some((def) => def.title === field.title)) return field.title.toLowerCase()
  if (Array.isArray(field.enum)) return 'one of'
  const items = itemsOf(field, defs)
  if (items) return items.type === 'object' ? 'list of items' : `list of ${plural(kindOf(items, defs))}`
  const words: Record<string, string> = { string: 'text', integer: 'whole number', number: 'number', boolean: 'true or false', object: 'group of fields' }
  return words[String(field.type)] ?? String(field.type ?? 'value')
}

function plural(kind: string): string {
  return kind === 'text' || kind.startsWith('list') ? kind.replace(/^list/, 'lists') : `${kind}s`
}
