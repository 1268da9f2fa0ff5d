import { stringify } from 'yaml'
import { describe, expect, it } from 'vitest'
import { buildCatalogue } from '../../src/build/catalogue'
import { checkPageSource, listMedia, loadSite, projectPaths } from '../../src/build/load-site'
import { listBlockSchemas, loadSchemaSet } from '../../src/build/schema-set'
import { projectRoot } from './fixture-targets'

const paths = projectPaths(projectRoot)

describe('block catalogue', () => {
  const entries = buildCatalogue(paths.schemaDir)

  it('has every block type, each with an example and its fields', () => {
    expect(entries.map((e) => e.type)).toEqual(listBlockSchemas(paths.schemaDir))
    for (const entry of entries) {
      expect(entry.examples.length, entry.type).toBeGreaterThan(0)
      expect(entry.fields.length, entry.type).toBeGreaterThan(0)
      expect(entry.description, entry.type).not.toBe('')
    }
  })

  it('shows only examples that pass every check of a real page, links and pictures included', () => {
    const schemas = loadSchemaSet(paths.schemaDir, {
      routes: new Set(loadSite(paths).routes.keys()),
      media: new Set(listMedia(paths.publicDir).keys()),
    })
    // Examples follow the current version of their schema.
    const versions = Object.fromEntries([...schemas.blocks].map(([type, { version }]) => [type, version]))
    for (const entry of entries) {
      for (const { block, yaml } of entry.examples) {
        const page = stringify({ title: 'Catalogue', description: 'Examples.', versions, blocks: [block] })
        const problems = checkPageSource(`schema/blocks/${entry.type}.schema.json`, new TextEncoder().encode(page), schemas).problems
        expect(problems.map((p) => p.message), entry.type).toEqual([])
        expect(yaml).toContain(`- type: ${entry.type}`)
      }
    }
  })

  it('describes field kinds in words', () => {
    const hero = entries.find((e) => e.type === 'hero')!
    const kinds = Object.fromEntries(hero.fields.map((f) => [f.name, f.kind]))
    expect(kinds).toMatchObject({ title: 'text', size: 'one of: tall, short', image: 'image', backLink: 'link' })
    expect(hero.fields.find((f) => f.name === 'title')?.required).toBe(true)
  })
})
