/**
 * `npm run check` starts here, in plain JavaScript, and runs a cached bundle
 * of scripts/check-project.ts (see src/compiler/threads/bundled-module.mjs): authors run the
 * check after every edit, and loading it through tsx was most of the
 * command's time (docs/measurements.md, "Bundles instead of tsx").
 */
import { join } from 'node:path'
import { loadBundledOrRunTsx } from '../src/compiler/threads/bundled-module.mjs'

const root = join(import.meta.dirname, '..')
const { checkProject } = await loadBundledOrRunTsx(root, 'check', 'scripts/check-project.ts', 'scripts/check.ts', [])
process.exitCode = await checkProject(root)
