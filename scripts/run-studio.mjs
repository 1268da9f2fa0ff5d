/**
 * `npm run studio` starts here, in plain JavaScript, and runs a cached
 * bundle of scripts/studio-main.ts (see src/compiler/threads/bundled-module.mjs): loading
 * the studio's server through tsx was most of its time from start to
 * listening (docs/measurements.md, "Bundles instead of tsx").
 */
import { join } from 'node:path'
import { loadBundledOrRunTsx } from '../src/compiler/threads/bundled-module.mjs'

const root = join(import.meta.dirname, '..')
const args = process.argv.slice(2)
const { runStudio } = await loadBundledOrRunTsx(root, 'studio', 'scripts/studio-main.ts', 'scripts/studio.ts', args)
await runStudio(root, args)
