/**
 * `npm run build [-- --out-dir DIR] [--catalogue]` starts here, in plain
 * JavaScript, and runs a cached bundle of scripts/build-project.ts (see
 * src/compiler/threads/bundled-module.mjs): a build of a site whose pages have not changed
 * takes less time than loading the build's code through tsx did.
 */
import { join } from 'node:path'
import { loadBundledOrRunTsx } from '../src/compiler/threads/bundled-module.mjs'

const root = join(import.meta.dirname, '..')
const args = process.argv.slice(2)
const { buildProject } = await loadBundledOrRunTsx(root, 'build', 'scripts/build-project.ts', 'scripts/build.ts', args)
process.exitCode = await buildProject(root, args)
