import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadSite, loadSiteShell, projectPaths } from '../../../../src/compiler/index'
import { pageCacheDir } from '../../../../src/compiler/cache/page-cache'
import { withoutPages } from '../../../../src/compiler/site/load-site'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * The site's shell, what the studio opens on while every page is read: it
 * knows what a whole load knows without reading a page (the routes, the
 * settings, the shared blocks, public/), and nothing it cannot know yet.
 */
let project: ReturnType<typeof tempProject>

beforeAll(() => {
  project = tempProject()
})
afterAll(() => project.remove())

it('has every route, the settings, the shared blocks and the media of a whole load, and no page', () => {
  const paths = projectPaths(project.root)
  const whole = loadSite(paths)
  const shell = loadSiteShell(paths)
  expect(shell.routes).toEqual(whole.routes)
  expect(shell.site).toEqual(whole.site)
  expect(shell.sharedBlocks).toEqual(whole.sharedBlocks)
  expect(shell.media).toEqual(whole.media)
  expect(shell.schemas!.targets.routes).toEqual(whole.schemas!.targets.routes)
  expect(shell.pages).toEqual([])
  expect(shell.comparable).toEqual([])
  // Other pages' ids are unknown: links to them are checked once they are read.
  expect(shell.schemas!.targets.anchors).toBeUndefined()
  expect(existsSync(pageCacheDir(paths))).toBe(false)
})

it('is what a whole load gives without its pages, as a build bundles from it', () => {
  const paths = projectPaths(project.root)
  const whole = loadSite(paths, { cache: true })
  const shell = loadSiteShell(paths)
  const bundled = withoutPages(whole)
  for (const part of ['routes', 'site', 'sharedBlocks', 'media', 'components', 'pages', 'comparable'] as const) expect(bundled[part], part).toEqual(shell[part])
  expect(bundled.problemParts.pages.size + bundled.problemParts.across.size).toBe(0)
  expect(bundled.keys).toBeUndefined()
  // The whole load is left as it was.
  expect(whole.pages.length).toBeGreaterThan(40)
  expect(whole.keys).toBeDefined()
})

it('reports no page’s problems, since it reads none, and still the settings’ own', () => {
  const paths = projectPaths(project.root)
  const page = loadSite(paths).pages[0]!.path
  writeFileSync(page, `${readFileSync(page, 'utf8')}\n  - [unclosed\n`)
  const site = join(paths.pagesDir, '_site.yaml')
  writeFileSync(site, readFileSync(site, 'utf8').replace(/^brand:/m, 'brnd:'))
  const shellFiles = new Set(loadSiteShell(paths).problems.map((p) => p.file))
  const wholeFiles = new Set(loadSite(paths).problems.map((p) => p.file))
  expect(wholeFiles).toContain('pages/_site.yaml')
  expect(wholeFiles.size).toBeGreaterThan(1)
  expect([...shellFiles]).toEqual(['pages/_site.yaml'])
})

