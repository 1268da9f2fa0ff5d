import { stringify } from 'yaml'
import { describe, expect, it } from 'vitest'
import { buildCatalogue } from '../../src/compiler/codegen/catalogue'
import { checkPageSource, listMedia, loadSite, projectPaths } from '../../src/compiler/site/load-site'
import { loadSchemaSet } from '../../src/compiler/schema/schema-set'
import { listBlockSchemas } from '../../src/compiler/schema/schema-files'
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
    // Examples are in the current shape of their schema, so a pasted one is current.
    for (const entry of entries) {
      for (const { block, yaml } of entry.examples) {
        const page = stringify({ title: 'Catalogue', description: 'Examples.', blocks: [block] })
        const problems = checkPageSource(`schema/blocks/${entry.type}.schema.json`, new TextEncoder().encode(page), schemas).problems
        expect(problems.map((p) => p.message), entry.type).toEqual([])
        expect(yaml).toContain(`- type: ${entry.type}`)
      }
    }
  })

  it('describes field kinds in words', () => {
    const hero = entries.find((e) => e.type === 'hero')!
    const kinds = Object.fromEntries(hero.fields.map((f) => [f.name, f.kind]))
    expect(kinds).toMatchObject({ title: 'text', size: 'one of', image: 'image', backLink: 'link' })
    expect(hero.fields.find((f) => f.name === 'size')?.allowed).toEqual(['tall', 'short'])
    expect(hero.fields.find((f) => f.name === 'title')?.required).toBe(true)
    const table = entries.find((e) => e.type === 'table')!
    expect(table.fields.find((f) => f.name === 'rows')?.kind).toBe('list of lists of text')
  })

  it('lists the fields of each item of a list, of groups and of what a $ref points to, with allowed values', () => {
    const accordion = entries.find((e) => e.type === 'audience-accordion')!
    const cards = accordion.fields.find((f) => f.name === 'cards')!
    expect(cards.kind).toBe('list of items')
    const rows = (fields: typeof cards.fields) => fields!.map((f) => `${f.name} | ${f.kind}${f.required ? ' | required' : ''}`)
    expect(rows(cards.fields)).toEqual(['title | text | required', 'description | text | required', 'icon | one of', 'image | image | required', 'href | href | required'])
    const icon = cards.fields!.find((f) => f.name === 'icon')!
    expect(icon.description).toBe('A small symbol shown on the card.')
    expect(icon.allowed).toEqual(expect.arrayContaining(['people', 'briefcase', 'building', 'shield']))
    expect(icon.allowed).toHaveLength(18)
    const image = cards.fields!.find((f) => f.name === 'image')!
    // The field's own description wins over the shared definition's.
    expect(image.description).toBe("The card's background picture.")
    expect(rows(image.fields)).toEqual(['src | text | required', 'alt | text | required', 'width | whole number', 'height | whole number'])
    const hero = entries.find((e) => e.type === 'hero')!
    expect(rows(hero.fields.find((f) => f.name === 'backLink')!.fields)).toEqual(['label | text | required', 'href | href | required'])
    const facts = entries.find((e) => e.type === 'facts')!
    expect(rows(facts.fields.find((f) => f.name === 'tags')!.fields)).toEqual(['label | text | required', 'items | list of text | required'])
    // The bounds the check enforces, in words.
    expect(cards.limits).toBe('2 to 8 items')
    expect(entries.find((e) => e.type === 'image-trio')!.fields.find((f) => f.name === 'images')!.limits).toBe('exactly 3 items')
    expect(hero.fields.find((f) => f.name === 'title')!.limits).toMatch(/^up to \d+ characters$/)
    // Plain values have nothing inside them.
    expect(hero.fields.find((f) => f.name === 'title')!.fields).toBeUndefined()
  })
})
