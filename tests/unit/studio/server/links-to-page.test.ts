/**
 * The links to a page, taken out with it and put back with it: a hub's
 * card and a menu's entry go as whole list items; a single link field is
 * only named; a round trip gives back every file byte for byte.
 */
import { describe, expect, test } from 'vitest'
import { linksTo, withLinksBack, withLinksMoved, withoutLinks } from '../../../../src/studio/server/links-to-page'

const hub = `title: B2B
blocks:
  # The cards, one per audience.
  - type: cards
    cards:
      - title: Retail
        href: /b2b/retail
      - title: Fleet
        href: /b2b/fleet
      - title: SMEs
        href: /b2b/smes#who
  - type: cta
    action:
      label: Meet the fleet team
      href: /b2b/fleet
`
const site = `header:
  menu:
    - label: Audience
      links:
        - label: Fleet
          href: /b2b/fleet
        - label: Retail
          href: /b2b/retail
`
const texts = new Map([
  ['b2b-audience.yaml', hub],
  ['_site.yaml', site],
  ['other.yaml', 'title: Other\n'],
])

describe('the links to a page', () => {
  test('are found by their href, with or without a #section; list items go with the page, a single link field is only named', () => {
    expect(linksTo('/b2b/fleet', texts)).toEqual([
      { file: 'b2b-audience.yaml', path: ['blocks', 0, 'cards', 1], removable: true },
      { file: 'b2b-audience.yaml', path: ['blocks', 1, 'action', 'href'], removable: false },
      { file: '_site.yaml', path: ['header', 'menu', 0, 'links', 0], removable: true },
    ])
    expect(linksTo('/b2b/smes', texts)).toEqual([{ file: 'b2b-audience.yaml', path: ['blocks', 0, 'cards', 2], removable: true }])
  })

  test('taken out, every other line stays; put back, each file is as it was, byte for byte', () => {
    const out = withoutLinks(linksTo('/b2b/fleet', texts), texts)
    if ('error' in out) throw new Error(out.error)
    expect(out.texts.get('b2b-audience.yaml')).toBe(hub.replace('      - title: Fleet\n        href: /b2b/fleet\n', ''))
    expect(out.texts.get('_site.yaml')).toBe(site.replace('        - label: Fleet\n          href: /b2b/fleet\n', ''))
    expect(out.removed).toEqual([
      { file: '_site.yaml', path: ['header', 'menu', 0, 'links', 0], value: { label: 'Fleet', href: '/b2b/fleet' } },
      { file: 'b2b-audience.yaml', path: ['blocks', 0, 'cards', 1], value: { title: 'Fleet', href: '/b2b/fleet' } },
    ])
    const back = withLinksBack(out.removed, new Map([...texts, ...out.texts]))
    expect(back.missed).toEqual([])
    expect(back.texts.get('b2b-audience.yaml')).toBe(hub)
    expect(back.texts.get('_site.yaml')).toBe(site)
  })

  test('put back into a list that has since grown shorter, an item goes at its end; a list that is gone is named', () => {
    const removed = [
      { file: 'b2b-audience.yaml', path: ['blocks', 0, 'cards', 5], value: { title: 'Fleet', href: '/b2b/fleet' } },
      { file: 'other.yaml', path: ['blocks', 0, 'cards', 0], value: { title: 'Fleet', href: '/b2b/fleet' } },
    ]
    const back = withLinksBack(removed, texts)
    expect(back.texts.get('b2b-audience.yaml')).toContain('        href: /b2b/smes#who\n      - title: Fleet\n        href: /b2b/fleet\n')
    expect(back.missed).toEqual(['other.yaml (blocks › 0 › cards)'])
  })
})

describe("a renamed page's links", () => {
  test('each link to the old address leads to the new one, its #section kept; every other line is as it was', () => {
    const texts = new Map([...new Map([['b2b-audience.yaml', hub], ['_site.yaml', site], ['other.yaml', 'title: Other\n']])].map(([f, t]) => [f, t.replace(/\/b2b\/smes#who/, '/b2b/fleet#who')]))
    const moved = withLinksMoved('/b2b/fleet', '/b2b/fleets', texts)
    if ('error' in moved) throw new Error(moved.error)
    expect([...moved.texts.keys()].sort()).toEqual(['_site.yaml', 'b2b-audience.yaml'])
    const after = moved.texts.get('b2b-audience.yaml')!
    expect(after).toBe(texts.get('b2b-audience.yaml')!.replace('href: /b2b/fleet\n', 'href: /b2b/fleets\n').replace('href: /b2b/fleet#who', 'href: /b2b/fleets#who').replace('href: /b2b/fleet\n', 'href: /b2b/fleets\n'))
    expect(moved.texts.get('_site.yaml')).toBe(site.replace('href: /b2b/fleet\n', 'href: /b2b/fleets\n'))
    // A page whose address only starts the same is left alone.
    const longer = withLinksMoved('/b2b/flee', '/x', texts)
    expect('texts' in longer && longer.texts.size).toBe(0)
  })
})
