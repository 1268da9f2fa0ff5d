/**
 * Field-by-field merges of one page's three versions (base, mine, theirs):
 * what each side changed alone is kept, both sides' list insertions are
 * kept, and only what both changed differently is a conflict.
 */
import { describe, expect, test } from 'vitest'
import { mergePage } from '../../../../src/compiler/yaml-edit/merge'

const base = `# The about page.
title: About
description: Who we are.
blocks:
  - type: hero
    title: About us
  - type: intro
    title: Our story
    text: We recruit people for research.
  - type: faq
    items:
      - q: Who?
        a: Us.
`

const change = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`no ${from}`)
  return text.replace(from, to)
}

describe('mergePage', () => {
  test('fields changed on different sides are both kept, and every other line of mine stays byte for byte', () => {
    const mine = change(base, 'title: About\n', 'title: About our panels\n')
    const theirs = change(base, 'text: We recruit people for research.', 'text: We find the people your research needs.')
    expect(mergePage(base, mine, theirs)).toEqual({ text: change(mine, 'text: We recruit people for research.', 'text: We find the people your research needs.') })
  })

  test('two different fields of one block, one each side, are both kept', () => {
    const mine = change(base, 'title: Our story', 'title: Our long story')
    const theirs = change(base, 'text: We recruit people for research.', 'text: Since 2010.')
    const merged = mergePage(base, mine, theirs)
    expect(merged).toEqual({ text: change(change(base, 'title: Our story', 'title: Our long story'), 'text: We recruit people for research.', 'text: Since 2010.') })
  })

  test('the same field changed differently on both sides is a conflict, with the three values', () => {
    const mine = change(base, 'title: Our story', 'title: Mine')
    const theirs = change(base, 'title: Our story', 'title: Theirs')
    expect(mergePage(base, mine, theirs)).toEqual({ conflicts: [{ path: ['blocks', 1, 'title'], key: '["blocks",1,"title"]', base: 'Our story', mine: 'Mine', theirs: 'Theirs' }] })
  })

  test('a conflict chosen field by field: the side chosen there, and every other field merged as before', () => {
    const mine = change(change(base, 'title: Our story', 'title: Mine'), 'title: About\n', 'title: About, mine\n')
    const theirs = change(change(change(base, 'title: Our story', 'title: Theirs'), 'title: About\n', 'title: About, theirs\n'), 'text: We recruit people for research.', 'text: Since 2010.')
    const conflicts = mergePage(base, mine, theirs)
    expect('conflicts' in conflicts && conflicts.conflicts.map((c) => c.key)).toEqual(['["title"]', '["blocks",1,"title"]'])
    const merged = mergePage(base, mine, theirs, { '["title"]': 'mine', '["blocks",1,"title"]': 'theirs' })
    expect(merged).toEqual({ text: change(change(mine, 'title: Mine', 'title: Theirs'), 'text: We recruit people for research.', 'text: Since 2010.') })
    // One left unchosen is still listed, alone.
    expect(mergePage(base, mine, theirs, { '["title"]': 'theirs' })).toMatchObject({ conflicts: [{ key: '["blocks",1,"title"]' }] })
  })

  test('a block removed on one side and edited on the other, chosen either way; a deleted page chosen whole', () => {
    const removed = change(base, '  - type: faq\n    items:\n      - q: Who?\n        a: Us.\n', '')
    const edited = change(base, 'a: Us.', 'a: We do.')
    expect(mergePage(base, edited, removed, { '["blocks",2]': 'theirs' })).toEqual({ text: removed })
    expect(mergePage(base, edited, removed, { '["blocks",2]': 'mine' })).toEqual({ text: edited })
    expect(mergePage(base, edited, null, { '[]': 'theirs' })).toEqual({ text: null })
    expect(mergePage(base, edited, null, { '[]': 'mine' })).toEqual({ text: edited })
  })

  test('the same change on both sides is no conflict', () => {
    const both = change(base, 'title: About\n', 'title: About us all\n')
    expect(mergePage(base, both, both)).toEqual({ text: both })
  })

  test('items added to a list on both sides are all kept, each where its side put it', () => {
    const mine = change(base, '        a: Us.\n', '        a: Us.\n      - q: When?\n        a: Now.\n')
    const theirs = change(base, '    items:\n', '    items:\n      - q: Why?\n        a: Because.\n')
    const merged = mergePage(base, mine, theirs)
    expect('text' in merged && merged.text).toBe(change(mine, '    items:\n', '    items:\n      - q: Why?\n        a: Because.\n'))
  })

  test('blocks added at the end on both sides are both kept, mine first', () => {
    const mine = `${base}  - type: cta\n    title: Mine\n`
    const theirs = `${base}  - type: cta\n    title: Theirs\n`
    const merged = mergePage(base, mine, theirs)
    expect('text' in merged && merged.text).toBe(`${mine}  - type: cta\n    title: Theirs\n`)
  })

  test('a block removed on one side is removed; edited on the other too, it is a conflict', () => {
    const removed = change(base, '  - type: faq\n    items:\n      - q: Who?\n        a: Us.\n', '')
    const retitled = change(base, 'title: About\n', 'title: About us all\n')
    expect(mergePage(base, retitled, removed)).toEqual({ text: change(retitled, '  - type: faq\n    items:\n      - q: Who?\n        a: Us.\n', '') })
    const edited = change(base, 'a: Us.', 'a: We do.')
    const merged = mergePage(base, edited, removed)
    expect(merged).toMatchObject({ conflicts: [{ path: ['blocks', 2], mine: [{ type: 'faq', items: [{ q: 'Who?', a: 'We do.' }] }], theirs: [] }] })
  })

  test('a page deleted on one side: gone when the other left it alone, a conflict when the other changed it', () => {
    expect(mergePage(base, base, null)).toEqual({ text: null })
    const edited = change(base, 'title: About\n', 'title: Changed\n')
    expect(mergePage(base, edited, null)).toMatchObject({ conflicts: [{ path: [], theirs: undefined }] })
    expect(mergePage(base, null, edited)).toMatchObject({ conflicts: [{ path: [], mine: undefined }] })
  })

  test('a field removed on one side and left alone on the other is removed', () => {
    const theirs = change(base, 'description: Who we are.\n', '')
    const mine = change(base, 'title: About\n', 'title: About us\n')
    expect(mergePage(base, mine, theirs)).toEqual({ text: change(mine, 'description: Who we are.\n', '') })
  })

  test('a page added on both sides with different words merges field by field from nothing', () => {
    const mine = 'title: New\ndescription: Mine.\n'
    const theirs = 'title: New\nsubtitle: Theirs.\n'
    expect(mergePage(null, mine, theirs)).toEqual({ text: 'title: New\ndescription: Mine.\nsubtitle: Theirs.\n' })
  })

  test('a version that is not YAML is an error: the whole page is then the choice', () => {
    expect(mergePage(base, `${base}  - [`, change(base, 'About', 'Other'))).toEqual({ error: 'One of the versions cannot be read as YAML.' })
  })
})
