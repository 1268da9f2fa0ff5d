import { relative } from 'node:path'
import { build } from 'esbuild'
import { expect, it } from 'vitest'
import { pageCheckingCode } from '../../../../src/compiler/cache/page-cache'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The page cache keeps each page's reading and checking for as long as the
 * code that did them is the same: the folders of pageCheckingCode, not the
 * whole of src/. That holds only while that code runs nothing from other
 * folders. esbuild follows its imports as the bundled scripts do (an import
 * of types alone runs nothing, and is left out).
 */
it('the code that reads and checks pages runs only modules from the folders the page cache keys on', async () => {
  // What loads a site (here and in worker threads) and reads one page again.
  const entryPoints = ['load-site.ts', 'page-worker.ts', 'reload-page.ts'].map((file) => `src/compiler/site/${file}`)
  const { metafile } = await build({ entryPoints, absWorkingDir: projectRoot, bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', outdir: 'out', logLevel: 'silent' })
  const modules = Object.keys(metafile.inputs).map((input) => relative(projectRoot, input))
  expect(modules.length, 'esbuild followed the imports').toBeGreaterThan(40)
  expect(modules.filter((module) => !pageCheckingCode.some((folder) => module.startsWith(`${folder}/`)))).toEqual([])
})
