import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { linkPlaceEdits, linkPlaces, listItemField } from '../../../../src/studio/forms/link-places'
import { readFormModel } from '../../../../src/studio/server/form-model'

/** Where New page can link a new page from, on the real schemas and the B2B hub as it is. */
const root = join(import.meta.dirname, '..', '..', '..', '..')
const model = readFormModel(join(root, 'schema'))
const hub = parse(readFileSync(join(root, 'pages', 'b2b-audience.yaml'), 'utf8')) as { blocks: Record<string, unknown>[] }
const index = hub.blocks.findIndex((b) => Array.isArray(b.cards))
const cards = hub.blocks[index]!.cards as Record<string, unknown>[]
const detail = cards[0]!.href as string

describe('link places', () => {
  it('finds the card that links to the copied page, by the schema (a list of groups with a link), named in the author’s words', () => {
    const places = linkPlaces([{ file: 'b2b-audience.yaml', data: hub, form: model.page }], model.blocks, { like: detail })
    expect(places.map(({ list, index: at, copyOf }) => ({ list, at, copyOf }))).toEqual([{ list: ['blocks', index, 'cards'], at: 1, copyOf: ['blocks', index, 'cards', 0] }])
    expect(places[0]!.label).toBe(`${model.blocks.find((b) => b.type === hub.blocks[index]!.type)!.label} › Card “${cards[0]!.title as string}”`)
    expect(places[0]!.full).toBeUndefined()
  })

  it('says a list at its most items is full, and offers nothing else of a page that is not the settings', () => {
    const limit = model.blocks.find((b) => b.type === hub.blocks[index]!.type)!.field.fields.find((f) => f.name === 'cards')!.field
    expect(limit.kind).toBe('list')
    const max = (limit as { maxItems?: number }).maxItems!
    const crowded = structuredClone(hub)
    crowded.blocks[index]!.cards = Array.from({ length: max }, (_, i) => ({ ...cards[i % cards.length]!, title: `Card ${i}` }))
    const [place] = linkPlaces([{ file: 'b2b-audience.yaml', data: crowded, form: model.page }], model.blocks, { like: detail })
    expect(place!.full).toBe(`it has ${max} cards, the most it may have`)
    expect(linkPlaces([{ file: 'b2b-audience.yaml', data: hub, form: model.page }], model.blocks, { like: '/nowhere' })).toEqual([])
  })

  it('makes the copy: links turned to the new page, words emptied, symbol and picture kept', () => {
    const [place] = linkPlaces([{ file: 'b2b-audience.yaml', data: hub, form: model.page }], model.blocks, { like: detail })
    const item = listItemField(model.page, model.blocks, hub, place!.list)!
    const [insert, ...clears] = linkPlaceEdits(place!, item, hub, '/b2b/new', detail)
    expect(insert).toMatchObject({ op: 'insert', path: place!.list, index: 1, value: { ...cards[0], href: '/b2b/new' } })
    const emptied = clears.map((e) => ({ op: e.op, path: e.path.slice(place!.list.length + 1).join('.') }))
    expect(emptied).toContainEqual({ op: 'set', path: 'title' })
    expect(emptied).toContainEqual({ op: 'set', path: 'description' })
    expect(emptied.map((e) => e.path)).not.toContain('icon')
    expect(emptied.map((e) => e.path)).not.toContain('image.src')
    expect(emptied.map((e) => e.path)).not.toContain('href')
  })
})
