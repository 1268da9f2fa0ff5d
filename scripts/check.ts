/**
 * `npm run check` through tsx, for when scripts/run-check.mjs cannot bundle
 * (no esbuild): checks this project (see check-project.ts).
 */
import { join } from 'node:path'
import { checkProject } from './check-project'

process.exitCode = await checkProject(join(import.meta.dirname, '..'))
