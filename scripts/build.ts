/**
 * `npm run build` through tsx, for when scripts/run-build.mjs cannot bundle
 * (no esbuild): builds this project (see build-project.ts).
 */
import { join } from 'node:path'
import { buildProject } from './build-project'

process.exitCode = await buildProject(join(import.meta.dirname, '..'), process.argv.slice(2))
