import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles, type JsonSchema } from '../../../../src/compiler/schema/schema-files'
import { exampleOf, fieldAt, fieldsOf, itemsOf, resolveField, valuesOfFormat, yamlSnippet } from '../../../../src/compiler/schema/schema-walk'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * Reading a schema field by field with each "$ref" followed: what the hints
 * and the catalogue say about a field. On a small schema of its own, which
 * uses the real shared definitions (a link, an image).
 */
const { defs } = readSchemaFiles(join(projectRoot, 'schema'))
const card: JsonSchema = {
  type: 'object',
  required: ['title', 'link'],
  properties: {
    title: { type: 'string', description: 'The card title.', examples: ['Retail'] },
    note: { type: 'string', examples: ['Optional words'] },
    link: { $ref: '../defs.schema.json#/$defs/link', description: 'Where the card leads.' },
  },
}
const block: JsonSchema = {
  type: 'object',
  required: ['cards'],
  properties: {
    heading: { type: 'string', examples: ['Who we reach'] },
    cards: { type: 'array', items: card },
    image: { $ref: '../defs.schema.json#/$defs/image' },
  },
}

describe('schema-walk', () => {
  it('follows a $ref to the shared definition, the field’s own description winning', () => {
    const link = resolveField(card.properties!.link, defs)!
    expect(link.description).toBe('Where the card leads.')
    expect(Object.keys(link.properties ?? {}).sort()).toEqual(Object.keys(defs.link!.properties ?? {}).sort())
    expect(resolveField(card.properties!.title, defs)).toBe(card.properties!.title)
  })

  it('finds a field through lists and groups, saying whether its holder requires it', () => {
    expect(fieldAt(block, ['cards', 0, 'title'], defs)).toEqual({ schema: card.properties!.title, required: true })
    expect(fieldAt(block, ['cards', 0, 'note'], defs)).toEqual({ schema: card.properties!.note, required: false })
    expect(fieldAt(block, ['cards', 0, 'link', 'href'], defs)?.required).toBe((defs.link!.required ?? []).includes('href'))
    expect(fieldAt(block, ['cards', 0, 'nothing'], defs)).toBeUndefined()
    expect(fieldsOf(card, defs).map((f) => [f.name, f.required])).toEqual([['title', true], ['note', false], ['link', true]])
    expect(itemsOf(block.properties!.cards!, defs)).toBe(card)
  })

  it('makes an example from the required parts’ examples, one item for a list of groups', () => {
    const example = exampleOf(block, defs) as { cards: Record<string, unknown>[] }
    expect(Object.keys(example)).toEqual(['cards'])
    expect(example.cards).toHaveLength(1)
    expect(example.cards[0]!.title).toBe('Retail')
    expect(example.cards[0]).not.toHaveProperty('note')
    expect(example.cards[0]!.link).toEqual(exampleOf(resolveField(card.properties!.link, defs)!, defs))
  })

  it('writes a field as an author would, each line indented two spaces', () => {
    expect(yamlSnippet('title', card.properties!.title!, defs)).toBe('  title: Retail')
    expect(yamlSnippet('heading', block.properties!.heading!, defs)).toBe('  heading: Who we reach')
    expect(yamlSnippet(undefined, card.properties!.title!, defs)).toBe('  - Retail')
  })

  it('finds the values of a format where the schema says so, with their paths, and never a text that only looks like one', () => {
    const value = { heading: '/looks-like-a-link', cards: [{ title: '/also', link: { label: 'Go', href: '/b2b-audience' } }, { title: 'x', link: { label: 'Out', href: 'https://example.org' } }] }
    expect(valuesOfFormat(value, block, defs, 'link')).toEqual([
      { path: ['cards', 0, 'link', 'href'], value: '/b2b-audience' },
      { path: ['cards', 1, 'link', 'href'], value: 'https://example.org' },
    ])
    // Only those asked for, with their paths from where the value is; a key the schema does not name is never a field, not even one every object has.
    const kept = valuesOfFormat({ ...value, constructor: '/not-a-field#x' }, block, defs, 'link', { path: ['blocks', 2], keep: (href) => href.startsWith('https:') })
    expect(kept).toEqual([{ path: ['blocks', 2, 'cards', 1, 'link', 'href'], value: 'https://example.org' }])
  })
})
