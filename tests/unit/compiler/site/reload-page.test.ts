import { readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadSite, projectPaths, reloadPage, type LoadedSite } from '../../../../src/compiler/index'
import { generatedPages } from '../../../../scripts/bench-scale'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * One page read and checked again gives the very site a whole load gives:
 * the same pages and the same problems in the same order, through edits
 * that make and mend a problem of its own and one across pages.
 */
let root: string
let remove = () => {}
const file = () => join(root, 'pages/gen/p2.yaml')
const route = '/gen/p2'

beforeAll(() => {
  const project = tempProject(generatedPages(6))
  root = project.root
  remove = project.remove
})
afterAll(() => remove())

/** Write the edit (as the newest file, as a save is) and compare both ways of loading it. */
function expectSameAfter(loaded: LoadedSite, edit: (text: string) => string): LoadedSite {
  writeFileSync(file(), edit(readFileSync(file(), 'utf8')))
  const later = new Date(Date.now() + 1000)
  utimesSync(file(), later, later)
  const reloaded = reloadPage(loaded, projectPaths(root), route)
  const whole = loadSite(projectPaths(root))
  expect(reloaded).toBeDefined()
  expect(reloaded!.problems).toEqual(whole.problems)
  expect(reloaded!.pages).toEqual(whole.pages)
  expect(reloaded!.comparable.map((p) => p.route).sort()).toEqual(whole.comparable.map((p) => p.route).sort())
  return reloaded!
}

it('reads one page again with the same outcome as reading them all', () => {
  let loaded = loadSite(projectPaths(root))
  const original = readFileSync(file(), 'utf8')
  const otherTitle = /^ {4}title: (.*)$/m.exec(readFileSync(join(root, 'pages/gen/p1.yaml'), 'utf8'))![1]!
  loaded = expectSameAfter(loaded, (text) => text.replace(/^title: .*$/m, 'title: A new title'))
  loaded = expectSameAfter(loaded, (text) => text.replace('type: hero', 'type: heor'))
  expect(loaded.problems.map((p) => p.code)).toContain('UnknownBlockType')
  loaded = expectSameAfter(loaded, () => original.replace(/^ {4}title: .*$/m, `    title: ${otherTitle}`))
  expect(loaded.problems.map((p) => p.code)).toContain('CopiedHeroText')
  loaded = expectSameAfter(loaded, () => original)
  expect(loaded.problems).toEqual([])
})

it('asks for the whole site when the edit changes what other pages are checked against', () => {
  const loaded = loadSite(projectPaths(root))
  const text = readFileSync(file(), 'utf8')
  // A new id on the page's last block (the hero, first, takes none).
  const last = text.lastIndexOf('\n  - type: ')
  const end = text.indexOf('\n', last + 1)
  writeFileSync(file(), `${text.slice(0, end)}\n    id: a-new-anchor${text.slice(end)}`)
  expect(loadSite(projectPaths(root)).problems).toEqual([])
  expect(reloadPage(loaded, projectPaths(root), route)).toBeUndefined()
  expect(reloadPage(loaded, projectPaths(root), '/no-such-route')).toBeUndefined()
  writeFileSync(file(), text)
})
