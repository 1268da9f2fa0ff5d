/**
 * `npm run check` starts here, in plain JavaScript, and runs a cached bundle
 * of scripts/check-project.ts (see bundled/load-bundled.mjs): authors run the
 * check after every edit, and loading it through tsx cost about 0.6 s of the
 * command's 0.9 s.
 */
import { join } from 'node:path'
import { loadBundled, runThroughTsx } from './bundled/load-bundled.mjs'

const root = join(import.meta.dirname, '..')
let checkProject
try {
  ;({ checkProject } = await loadBundled(root, 'check', 'scripts/check-project.ts'))
} catch {
  runThroughTsx(root, 'scripts/check.ts', [])
}
process.exitCode = await checkProject(root)
