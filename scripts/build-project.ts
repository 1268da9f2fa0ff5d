/**
 * The build behind `npm run build [-- --out-dir DIR] [--catalogue]`, for the
 * project at `root`: validate every page, bundle, prerender, and swap the
 * result into dist/ (or DIR). --catalogue also builds the authors' block
 * catalogue (/blocks), which the live site never has: the catalogue's
 * browser tests run against such a build. Returns the exit code. The root
 * is an argument, never this file's folder: run-build.mjs runs a cached
 * bundle of this module, which may be shared by copies of the project.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line'
import { buildSite } from '../src/compiler/bundle/build-site'
import { DamagedPageCache } from '../src/compiler/cache/page-cache'
import { PageProblemsError } from '../src/compiler/problems/problems'
import { createProgress } from '../src/compiler/progress/progress'

export async function buildProject(root: string, args: string[]): Promise<number> {
  const { values } = readArguments(() => parseArgs({ args, options: { 'out-dir': { type: 'string' }, catalogue: { type: 'boolean' } } }), 'npm run build [-- --out-dir <folder>] [--catalogue]')
  const outDir = values['out-dir'] ? resolve(values['out-dir']) : undefined
  // A page cache found damaged (a data file cut short by a crash, or changed by hand) is removed as it is found: the build
  // starts again without it, once, rather than asking the author to run it again.
  for (let attempt = 1; ; attempt++) {
    try {
      const report = await buildSite({ root, ...(outDir ? { outDir } : {}), catalogue: values.catalogue ?? false, progress: createProgress(), once: true })
      const { validate, bundle, prerender, total } = report.ms
      for (const note of report.notes) console.log(note)
      console.log(
        `Built ${report.routes} routes into ${outDir ?? 'dist/'} in ${(total / 1000).toFixed(1)} s ` +
          `(validate ${validate.toFixed(0)} ms, bundle ${bundle.toFixed(0)} ms, prerender ${prerender.toFixed(0)} ms).`,
      )
      return 0
    } catch (error) {
      if (error instanceof DamagedPageCache && attempt === 1) {
        console.warn(`${error.message} Building again.`)
        continue
      }
      if (error instanceof PageProblemsError) {
        console.error(`${error.message}\n\nThe build stopped before writing anything; the previous build is unchanged.`)
      } else {
        console.error(error instanceof Error ? (error.stack ?? error.message) : error)
        console.error('\nThe build failed; the previous build is unchanged.')
      }
      return 1
    }
  }
}
