import { expect, it } from 'vitest'
import { loadMiniSite, mini } from '../../../support/fixture-targets'

it('a page uses a shared block by name; a wrong name or extra fields are located problems', () => {
  const { pages, problems } = loadMiniSite({
    'pages/_shared.yaml': 'investorsHeader:\n  type: intro\n  title: The people who move markets\n',
    'pages/index.yaml': 'title: Home\ndescription: d\nblocks:\n  - use: investorsHeader\n',
    'pages/broken.yaml': 'title: Broken\ndescription: d\nblocks:\n  - use: investorHeader\n  - use: investorsHeader\n    title: Changed\n',
  })
  expect(pages.find((p) => p.route === '/')?.page.blocks).toEqual([{ type: 'intro', title: 'The people who move markets' }])
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([
    'pages/broken.yaml:4:10 UnknownFragment',
    'pages/broken.yaml:6:5 FragmentWithFields',
  ])
  expect(problems[0]!.hint).toContain('Did you mean "investorsHeader"?')
})

it('a shared block is validated like a block on a page', () => {
  const { problems } = loadMiniSite({
    'pages/index.yaml': mini('index.yaml'),
    'pages/_shared.yaml': 'header:\n  type: intro\n  titel: Typo\n',
  })
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual(['pages/_shared.yaml:3:3 UnknownField'])
})
