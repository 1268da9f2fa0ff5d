import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { linkPlaceEdits, linkPlaces, listItemField } from '../../../../src/studio/forms/link-places'
import { readFormModel } from '../../../../src/studio/server/form-model'
import { placesIn } from '../../../../src/studio/server/new-page-links'
import { pictureRows, placeName } from '../../../../src/studio/panels/link-place-choice'

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

  it("puts a menu's link right under its link to the copied page's hub, names that place, and says where visitors see the list", () => {
    const source = (file: string, settings = false) => ({ file, text: readFileSync(join(root, 'pages', file), 'utf8'), settings })
    const site = parse(source('_site.yaml').text) as { header: { menus: { label: string; links: { label: string; href: string }[] }[] } }
    const places = placesIn([source('_site.yaml', true), source('b2b-audience.yaml')], model, detail)
    const header = model.site.fields.find((f) => f.name === 'header')!.field as typeof model.site
    const menusHelp = header.fields.find((f) => f.name === 'menus')!.field.help
    site.header.menus.forEach((menu, i) => {
      const place = places.find((p) => p.id === `append:_site.yaml:${JSON.stringify(['header', 'menus', i, 'links'])}`)!
      const hubAt = menu.links.findIndex((l) => l.href === '/b2b-audience')
      expect(place.items).toEqual(menu.links.map((l) => l.label))
      expect(place.seen, 'the menus are seen on both wide screens and phones, as their schema says').toBe(menusHelp)
      if (hubAt >= 0 && hubAt < menu.links.length - 1) {
        expect({ index: place.index, after: place.after }).toEqual({ index: hubAt + 1, after: menu.links[hubAt]!.label })
        expect(placeName(place, '', false)).toBe(`Header › Menu “${menu.label}”, under “${menu.links[hubAt]!.label}”`)
      } else {
        expect({ index: place.index, after: place.after }).toEqual({ index: menu.links.length, after: undefined })
        expect(placeName(place, '', false)).toBe(`Header › Menu “${menu.label}”, at the end`)
      }
    })
    // The phone menu's own lists are named under it, each said to be seen there only by its schema.
    const phone = header.fields.find((f) => f.name === 'mobile')!.field
    const phoneOnly = places.filter((p) => JSON.stringify(p.list).startsWith('["header","mobile"'))
    expect(phoneOnly.length).toBeGreaterThan(0)
    for (const place of phoneOnly) expect(place.label).toContain(`Header › ${phone.label} › `)
    // A blank page (nothing copied) is linked at the end of each list.
    for (const place of placesIn([source('_site.yaml', true)], model, undefined)) expect(place.index).toBe(place.items.length)
  })

  it("draws a long list's picture with two items each side of the new link", () => {
    const rows = pictureRows(['a', 'b', 'c', 'd', 'e', 'f'], 3).map((r) => (typeof r === 'string' ? r : 'NEW'))
    expect(rows).toEqual(['…', 'b', 'c', 'NEW', 'd', 'e', '…'])
    expect(pictureRows(['a'], 1).map((r) => (typeof r === 'string' ? r : 'NEW'))).toEqual(['a', 'NEW'])
  })
})
