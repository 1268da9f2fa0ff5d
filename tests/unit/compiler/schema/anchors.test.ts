import { expect, it } from 'vitest'
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
