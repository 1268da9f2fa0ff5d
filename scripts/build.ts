/**
 * `npm run build [-- --out-dir DIR] [--catalogue]`: validate every page,
 * bundle, prerender, and swap the result into dist/ (or DIR). --catalogue
 * also builds the authors' block catalogue (/blocks), which the live site
 * never has: the catalogue's browser tests run against such a build.
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildSite } from '../src/compiler/bundle/build-site'
import { PageProblemsError } from '../src/compiler/problems/problems'
import { createProgress } from '../src/compiler/progress/progress'

const root = join(import.meta.dirname, '..')
const { values } = parseArgs({ options: { 'out-dir': { type: 'string' }, catalogue: { type: 'boolean' } } })
const outDir = values['out-dir'] ? resolve(values['out-dir']) : undefined
try {
  const report = await buildSite({ root, ...(outDir ? { outDir } : {}), catalogue: values.catalogue ?? false, progress: createProgress() })
  const { validate, bundle, prerender, total } = report.ms
  for (const note of report.notes) console.log(note)
  console.log(
    `Built ${report.routes} routes into ${outDir ?? 'dist/'} in ${(total / 1000).toFixed(1)} s ` +
      `(validate ${validate.toFixed(0)} ms, bundle ${bundle.toFixed(0)} ms, prerender ${prerender.toFixed(0)} ms).`,
  )
} catch (error) {
  if (error instanceof PageProblemsError) {
    console.error(`${error.message}\n\nThe build stopped before writing anything; the previous build is unchanged.`)
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    console.error('\nThe build failed; the previous build is unchanged.')
  }
  process.exit(1)
}
