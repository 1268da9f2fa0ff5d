import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../src/build/load-site'
import { formatProblems } from '../../src/build/problems'
import { projectRoot } from './fixture-targets'
import { tempProject } from './temp-project'

let remove = () => {}
afterEach(() => remove())

const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')

it('reports two files that make one page, and two that differ only in capital letters', () => {
  const page = mini('index.yaml')
  const project = tempProject(
    {
      'pages/_site.yaml': mini('_site.yaml'),
      'pages/index.yaml': page,
      'pages/fleet.yaml': page,
      'pages/fleet.yml': page,
      'pages/b2b/logistics.yaml': page,
      'pages/b2b/Logistics.yaml': page,
    },
    { copyPages: false },
  )
  remove = project.remove
  const { routes, problems } = loadSite(projectPaths(project.root))
  expect(formatProblems(problems).split('\n').filter(Boolean)).toEqual(
    [
      // Files are read in sorted order: capitals first.
      'pages/b2b/logistics.yaml:1:1  This file makes the page "/b2b/logistics", which differs from "/b2b/Logistics" (made by pages/b2b/Logistics.yaml) only in capital letters.',
      '    hint: Windows and macOS treat the two file names as one, so one page would overwrite the other. Rename one of the two files.',
      'pages/fleet.yml:1:1  This file and pages/fleet.yaml both make the page "/fleet".',
      '    hint: Rename or remove one of the two files.',
      '2 problems in 2 files',
    ],
  )
  expect([...routes.keys()].sort()).toEqual(['/', '/b2b/Logistics', '/fleet'])
})
