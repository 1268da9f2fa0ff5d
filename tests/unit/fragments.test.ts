import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../src/compiler/site/load-site'
import { projectRoot } from './fixture-targets'
import { tempProject } from '../../scripts/temp-project'

let remove = () => {}
afterEach(() => remove())

const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')

it('a page uses a shared block by name; a wrong name or extra fields are located problems', () => {
  const project = tempProject(
    {
      'pages/_site.yaml': mini('_site.yaml'),
      'pages/_shared.yaml': 'investorsHeader:\n  type: intro\n  title: The people who move markets\n',
      'pages/index.yaml': 'title: Home\ndescription: d\nblocks:\n  - use: investorsHeader\n',
      'pages/broken.yaml': 'title: Broken\ndescription: d\nblocks:\n  - use: investorHeader\n  - use: investorsHeader\n    title: Changed\n',
    },
    { copyPages: false },
  )
  remove = project.remove
  const { pages, problems } = loadSite(projectPaths(project.root))
  expect(pages.find((p) => p.route === '/')?.page.blocks).toEqual([{ type: 'intro', title: 'The people who move markets' }])
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([
    'pages/broken.yaml:4:10 UnknownFragment',
    'pages/broken.yaml:6:5 FragmentWithFields',
  ])
  expect(problems[0]!.hint).toContain('Did you mean "investorsHeader"?')
})

it('a shared block is validated like a block on a page', () => {
  const project = tempProject(
    {
      'pages/_site.yaml': mini('_site.yaml'),
      'pages/index.yaml': mini('index.yaml'),
      'pages/_shared.yaml': 'header:\n  type: intro\n  titel: Typo\n',
    },
    { copyPages: false },
  )
  remove = project.remove
  const { problems } = loadSite(projectPaths(project.root))
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual(['pages/_shared.yaml:3:3 UnknownField'])
})
