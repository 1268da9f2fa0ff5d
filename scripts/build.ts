/** `npm run build`: validate every page, bundle, prerender, swap into dist/. */
import { join } from 'node:path'
import { buildSite } from '../src/build/build-site'
import { PageProblemsError } from '../src/build/problems'

const root = join(import.meta.dirname, '..')
try {
  const report = await buildSite({ root })
  const { validate, bundle, prerender, total } = report.ms
  console.log(
    `Built ${report.routes} routes into dist/ in ${(total / 1000).toFixed(1)} s ` +
      `(validate ${validate.toFixed(0)} ms, bundle ${bundle.toFixed(0)} ms, prerender ${prerender.toFixed(0)} ms).`,
  )
} catch (error) {
  if (error instanceof PageProblemsError) {
    console.error(`${error.message}\n\nThe build stopped before writing anything; dist/ is unchanged.`)
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    console.error('\nThe build failed; dist/ is unchanged.')
  }
  process.exit(1)
}
