import { expect, it } from 'vitest'
import { checkPageSource } from '../../../../src/compiler/index'
import type { Anchors } from '../../../../src/compiler/schema/anchor-links'
import { loadMiniSite, mini } from '../../../support/fixture-targets'

it('links to /route#id must reach an id on that page, with the nearest one suggested', () => {
  const { problems } = loadMiniSite({
    'pages/index.yaml': mini('index.yaml').replace('    title: Hello', '    id: size-definition\n    title: Hello'),
    'pages/links.yaml': [
      'title: Links',
      'description: Links to parts of the home page.',
      'blocks:',
      '  - type: hero',
      '    title: Good',
      '    action:',
      '      label: Sizes',
      '      href: /#size-definition',
      '  - type: hero',
      '    title: Bad',
      '    action:',
      '      label: Sizes',
      '      href: /#size-defintion',
      '',
    ].join('\n'),
  })
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual(['pages/links.yaml:13:13 BrokenAnchor'])
  expect(problems[0]!.message).toBe('The link "/#size-defintion" goes to a part of / that does not exist.')
  expect(problems[0]!.hint).toContain('Did you mean "/#size-definition"?')
})

it('a page checked against other ids (the studio’s, as typed) gets its own verdict, and the saved ids stay as they were', () => {
  const schemas = loadMiniSite({ 'pages/index.yaml': mini('index.yaml') }).schemas!
  const text = new TextEncoder().encode(['title: Links', 'description: A link to a part of the home page.', 'blocks:', '  - type: hero', '    title: Good', '    action:', '      label: Sizes', '      href: /#sizes', ''].join('\n'))
  const saved = JSON.stringify([...schemas.targets.anchors!].map(([route, ids]) => [route, [...ids]]))
  const codes = (anchors?: Anchors) => checkPageSource('pages/links.yaml', text, schemas, { fragments: new Map(), ...(anchors ? { anchors } : {}) }).problems.map((p) => p.code)
  expect(codes()).toEqual(['BrokenAnchor'])
  expect(codes(new Map(schemas.targets.anchors!).set('/', new Set(['sizes'])))).toEqual([])
  expect(codes()).toEqual(['BrokenAnchor'])
  expect(JSON.stringify([...schemas.targets.anchors!].map(([route, ids]) => [route, [...ids]]))).toBe(saved)
})
