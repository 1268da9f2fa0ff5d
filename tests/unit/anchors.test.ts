import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../src/compiler/site/load-site'
import { projectRoot } from './fixture-targets'
import { tempProject } from '../../scripts/temp-project'

let remove = () => {}
afterEach(() => remove())

const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')

it('links to /route#id must reach an id on that page, with the nearest one suggested', () => {
  const project = tempProject(
    {
      'pages/_site.yaml': mini('_site.yaml'),
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
    },
    { copyPages: false },
  )
  remove = project.remove
  const { problems } = loadSite(projectPaths(project.root))
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual(['pages/links.yaml:13:13 BrokenAnchor'])
  expect(problems[0]!.message).toBe('The link "/#size-defintion" goes to a part of / that does not exist.')
  expect(problems[0]!.hint).toContain('Did you mean "/#size-definition"?')
})
