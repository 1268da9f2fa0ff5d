/**
 * `npm run studio` starts here, in plain JavaScript, and runs a cached
 * bundle of scripts/studio-main.ts (see src/compiler/threads/bundled-module.mjs): loading
 * the studio's server through tsx took about 0.9 s of its 1.3-1.7 s to
 * listening, for 0.45 s from the bundle (42 pages, 2026-11-26).
 */
import { join } from 'node:path'
import { loadBundledOrRunTsx } from '../src/compiler/threads/bundled-module.mjs'

const root = join(import.meta.dirname, '..')
const args = process.argv.slice(2)
const { runStudio } = await loadBundledOrRunTsx(root, 'studio', 'scripts/studio-main.ts', 'scripts/studio.ts', args)
await runStudio(root, args)
