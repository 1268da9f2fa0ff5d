/**
 * `npm run check`: validate every page, the site settings and every link
 * and media reference, without building. Prints every problem as
 * file:line:col with a hint; exits 1 if there is any.
 */
import { join } from 'node:path'
import { loadSite, projectPaths } from '../src/compiler/site/load-site'
import { formatProblems } from '../src/compiler/problems/problems'

const started = performance.now()
const { pages, problems } = loadSite(projectPaths(join(import.meta.dirname, '..')))
const ms = performance.now() - started
if (problems.length) {
  console.error(formatProblems(problems))
  process.exit(1)
}
console.log(`${pages.length} pages checked in ${ms.toFixed(0)} ms: no problems.`)
