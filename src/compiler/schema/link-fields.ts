import type { SchemaSet } from './schema-set.ts'
import type { Defs, JsonSchema } from './schema-files.ts'
import { refTarget } from '../../shared/schema-ref.ts'

/**
 * Whether every link a page can hold (a value of format "link") is a field
 * named "href": the name the rules across pages read a page's links by
 * (page-rules.ts's digest `links`). When it is, a page kept from the last
 * run that links to none of the routes gone still holds after a page is
 * removed (load-site.ts). A schema with a link under any other name (a list
 * of links, a field "url") makes every kept page checked again instead.
 */
export function linksAreHrefs(schemas: Pick<SchemaSet, 'pageSchema' | 'blocks' | 'defs'>): boolean {
  return [schemas.pageSchema, ...[...schemas.blocks.values()].map(({ schema }) => schema)].every((root) => new LinkFields(schemas.defs, root).allHrefs(root))
}

/** Values that are data, not schemas: a link written in an example is no link field. */
const dataKeywords = new Set(['examples', 'default', 'const', 'enum'])

class LinkFields {
  /** Definitions already walked: a definition that refers to itself is walked once. */
  private readonly walked = new Set<JsonSchema>()

  constructor(
    private readonly defs: Defs,
    private readonly root: JsonSchema,
  ) {}

  /** Whether every link under `node` is a field named "href"; `name` is the property `node` describes, if it describes one. */
  allHrefs(node: unknown, name?: string): boolean {
    if (Array.isArray(node)) return node.every((item) => this.allHrefs(item))
    if (!node || typeof node !== 'object') return true
    const schema = node as JsonSchema
    // An unknown definition is Ajv's to refuse.
    const target = schema.$ref ? refTarget(schema.$ref, this.defs, this.root) : undefined
    if ((schema.format === 'link' || target?.format === 'link') && name !== 'href') return false
    if (target && !this.walked.has(target)) {
      this.walked.add(target)
      if (!this.childrenAllHrefs(target)) return false
    }
    return this.childrenAllHrefs(schema)
  }

  private childrenAllHrefs(schema: JsonSchema): boolean {
    return Object.entries(schema).every(([keyword, value]) => {
      // Definitions count where they are used ($ref); data is no schema.
      if (keyword === '$defs' || dataKeywords.has(keyword)) return true
      if (keyword === 'properties' && value && typeof value === 'object') return Object.entries(value as Record<string, unknown>).every(([field, sub]) => this.allHrefs(sub, field))
      return this.allHrefs(value)
    })
  }
}
