import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listBlockSchemas, readJson, type JsonSchema } from '../../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../../support/fixture-targets'

const schemaDir = join(projectRoot, 'schema')

// That every schema and field has a description and examples, and that the
// examples pass a page's check, are rules of the schemas themselves, reported
// as located problems by check and gen: tests/unit/compiler/schema/schema-rules.test.ts.

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

