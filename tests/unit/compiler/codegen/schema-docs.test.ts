import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listBlockSchemas, readJson, type JsonSchema } from '../../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../../support/fixture-targets'

const schemaDir = join(projectRoot, 'schema')

/**
 * Every field an author can write, with the path it is reached by. A field
 * given by "$ref" is documented where the reference points.
 */
function fields(schema: JsonSchema, path: string, out: [string, JsonSchema][] = []): [string, JsonSchema][] {
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    out.push([`${path}.${name}`, field])
    fields(field, `${path}.${name}`, out)
    const items = field.items as JsonSchema | undefined
    if (items && typeof items === 'object') fields(items, `${path}.${name}[]`, out)
  }
  return out
}

describe('schemas document themselves for authors', () => {
  const files = [...listBlockSchemas(schemaDir).map((t) => `blocks/${t}`), 'page', 'site', 'defs']
  for (const name of files) {
    it(`${name}.schema.json: the schema and every field have a description and an example`, () => {
      const schema = readJson<JsonSchema>(join(schemaDir, `${name}.schema.json`))
      const all: [string, JsonSchema][] = name === 'defs' ? Object.entries(schema.$defs ?? {}).flatMap(([k, d]) => [[k, d] as [string, JsonSchema], ...fields(d, k)]) : fields(schema, name)
      const missing: string[] = []
      if (name !== 'defs' && !schema.description) missing.push(`${name}: description`)
      if (name.startsWith('blocks/') && !schema.examples?.length) missing.push(`${name}: examples`)
      for (const [path, field] of all) {
        if (field.$ref) continue
        if (!field.description) missing.push(`${path}: description`)
        const needsExample = !['object', 'array'].includes(String(field.type)) && field.const === undefined
        if (needsExample && !field.examples?.length) missing.push(`${path}: examples`)
      }
      expect(missing).toEqual([])
    })
  }
})

describe('schema examples agree with the site', () => {
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : []
  const examples = (schema: unknown): string[] =>
    schema && typeof schema === 'object'
      ? Object.entries(schema).flatMap(([key, value]) => (key === 'examples' ? strings(value) : examples(value)))
      : []
  const files = [...listBlockSchemas(schemaDir).map((t) => `blocks/${t}`), 'page', 'site', 'defs']
  const all = files.flatMap((name) => examples(readJson<JsonSchema>(join(schemaDir, `${name}.schema.json`))))

  it('the page title example leaves the site name out: the site adds " | <brand>" itself', () => {
    const title = readJson<JsonSchema>(join(schemaDir, 'page.schema.json')).properties!.title!
    expect(title.examples).toEqual(['SME research'])
    expect(title.description).toContain('added after it automatically')
  })

  it('no example carries a "Title | Brand" suffix, and the brand example is the site\'s brand', () => {
    expect(all.filter((text) => text.includes(' | '))).toEqual([])
    const brand = /^brand: (.+)$/m.exec(readFileSync(join(projectRoot, 'pages/_site.yaml'), 'utf8'))![1]
    const site = readJson<JsonSchema>(join(schemaDir, 'site.schema.json'))
    expect(site.properties!.brand!.examples).toEqual([brand])
  })
})

