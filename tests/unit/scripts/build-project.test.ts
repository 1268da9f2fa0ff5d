import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { buildProject } from '../../../scripts/build-project'
import { generatedPages } from '../../../scripts/bench-scale'
import { tempProject } from '../../../scripts/temp-project'
import { pageCacheDir } from '../../../src/compiler/cache/page-cache'
import { projectPaths } from '../../../src/compiler/site/project-paths'
import { pageDataPathOf } from '../../../src/shared/routes'
import { changeKeptPageData } from '../../support/kept-page-data'

/** `npm run build` as the author runs it: what it prints and returns. */
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  cleanups.splice(0).forEach((clean) => clean())
})

it('builds again, once, when the page cache turns out damaged, and the site has every page as written', async () => {
  const made = tempProject(generatedPages(4))
  const paths = projectPaths(made.root)
  cleanups.push(() => {
    rmSync(pageCacheDir(paths), { recursive: true, force: true })
    made.remove()
  })
  vi.spyOn(console, 'log').mockImplementation(() => {})
  expect(await buildProject(made.root, [])).toBe(0)
  const route = changeKeptPageData(pageCacheDir(paths))
  const dataFile = pageDataPathOf(route)
  const written = readFileSync(join(made.root, 'dist', dataFile), 'utf8')

  // Another output folder: no page of it drawn before, so every page's kept data is read, the changed one too.
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const failed = vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(await buildProject(made.root, ['--out-dir', join(made.root, 'again')])).toBe(0)
  expect(failed).not.toHaveBeenCalled()
  expect(warned.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(new RegExp(`data of ${route} .* is damaged.* Building again\\.$`))])
  expect(readFileSync(join(made.root, 'again', dataFile), 'utf8'), 'the page as its file says, not as the cache was changed').toBe(written)
  // The cache was made again by the second try.
  expect(existsSync(pageCacheDir(paths))).toBe(true)
})
