import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildCatalogue } from '../../../../src/compiler/codegen/catalogue'
import { projectPaths } from '../../../../src/compiler/index'
import { listBlockSchemas } from '../../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../../support/fixture-targets'
import { columnsFor, fullRowCounts, gridBlocks } from '../../../../src/shared/grid'

const paths = projectPaths(projectRoot)

describe('block catalogue', () => {
  const entries = buildCatalogue(paths.schemaDir)

  it('has every block type, each with an example and its fields', () => {
    expect(entries.map((e) => e.type)).toEqual(listBlockSchemas(paths.schemaDir))
    for (const entry of entries) {
      const schema = JSON.parse(readFileSync(join(paths.schemaDir, 'blocks', `${entry.type}.schema.json`), 'utf8'))
      expect(entry.examples.length, entry.type).toBe(schema.examples.length)
      expect(entry.fields.map((f) => f.name).filter((name) => !name.includes('.') && !name.includes('[')), entry.type).toEqual(Object.keys(schema.properties).filter((name) => name !== 'type'))
      expect(entry.description, entry.type).not.toBe('')
    }
  })

  it('shows examples as blocks a page holds (that they pass a real page\'s check is a schema rule: schema-rules.test.ts)', () => {
    for (const entry of entries) for (const { yaml } of entry.examples) expect(yaml, entry.type).toContain(`- type: ${entry.type}`)
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

describe('layout advice for grid blocks', () => {
  const entries = buildCatalogue(join(projectRoot, 'schema'))

  /** The rows of `count` items as the grid lays them out: full rows of columnsFor, then what is left. */
  const rows = (count: number, widest: number) => {
    const cols = columnsFor(count, widest)
    return Array.from({ length: Math.ceil(count / cols) }, (_, i) => Math.min(cols, count - i * cols))
  }

  it('names exactly the counts the schema allows whose rows all come out full', () => {
    for (const [type, grid] of Object.entries(gridBlocks)) {
      const entry = entries.find((e) => e.type === type)!
      const list = entry.fields.find((f) => f.name === grid.list)!
      const [min, max] = /(\d+) to (\d+)/.exec(list.limits!)!.slice(1).map(Number) as [number, number]
      const ownRow = 'ownRow' in grid ? grid.ownRow : 0
      const full = []
      for (let n = min; n <= max; n++) if (new Set(rows(n - ownRow, grid.widest)).size <= 1) full.push(n)
      expect(fullRowCounts(min, max, grid.widest, ownRow), type).toEqual(full)
      const named = `${full.slice(0, -1).join(', ')} or ${full.at(-1)} ${grid.unit}s fill every row`
      expect(entry.layout, type).toContain(named)
    }
  })

  it('tells authors that 3 or 6 testimonials fill their rows, and 5 does not', () => {
    const advice = entries.find((e) => e.type === 'testimonials')!.layout!
    expect(advice).toMatch(/\b3\b.*\b6 testimonials fill every row/)
    expect(advice).not.toMatch(/\b5\b.*fill every row/)
  })

  it('gives no advice to blocks that do not lay items out in rows', () => {
    expect(entries.filter((e) => e.layout).map((e) => e.type).sort()).toEqual(Object.keys(gridBlocks).sort())
  })
})
