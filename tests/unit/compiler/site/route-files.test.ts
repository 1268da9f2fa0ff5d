import { expect, it } from 'vitest'
import { formatProblems } from '../../../../src/compiler/problems/problems'
import { loadMiniSite, mini, pageNamed } from '../../../support/fixture-targets'

it('reports two files that make one page, and two that differ only in capital letters', () => {
  const { routes, problems } = loadMiniSite({
    'pages/index.yaml': mini('index.yaml'),
    'pages/fleet.yaml': pageNamed('Fleet'),
    'pages/fleet.yml': pageNamed('Fleet again'),
    'pages/b2b/logistics.yaml': pageNamed('Logistics'),
    'pages/b2b/Logistics.yaml': pageNamed('Logistics again'),
  })
  expect(formatProblems(problems).split('\n').filter(Boolean)).toEqual(
    [
      // Files are read in sorted order: capitals first.
      'pages/b2b/logistics.yaml:1:1  This file makes the page "/b2b/logistics", which differs from "/b2b/Logistics" (made by pages/b2b/Logistics.yaml) only in capital letters.  [RouteCaseCollision]',
      '    hint: Windows and macOS treat the two file names as one, so one page would overwrite the other. Rename one of the two files.',
      'pages/fleet.yml:1:1  This file and pages/fleet.yaml both make the page "/fleet".  [RouteCollision]',
      '    hint: Rename or remove one of the two files.',
      '2 problems in 2 files',
    ],
  )
  expect([...routes.keys()].sort()).toEqual(['/', '/b2b/Logistics', '/fleet'])
})

it('reports a page that has the same title or description as another, at its own field', () => {
  const home = mini('index.yaml')
  const { problems } = loadMiniSite({
    'pages/index.yaml': home,
    // A copy that kept the home page's description, written with other capitals.
    'pages/fleet.yaml': home.replace(/^title: .*$/m, 'title: Fleet').replace(/^(description: )(.*)$/m, (_, key: string, text: string) => key + text.toUpperCase()),
    'pages/b2b/logistics.yaml': pageNamed('Fleet'),
  })
  expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`).sort()).toEqual([
    'pages/fleet.yaml:1:8 SameAsOtherPage This page has the same title as pages/b2b/logistics.yaml.',
    'pages/fleet.yaml:2:14 SameAsOtherPage This page has the same description as pages/index.yaml.',
  ])
  expect(problems[0]!.hint).toContain('Write one that says what is particular to this page.')
})
