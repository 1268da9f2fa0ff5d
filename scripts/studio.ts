/**
 * The studio through tsx: what run-studio.mjs falls back to without
 * esbuild, and the entry for whoever works on the studio's server code.
 * `npm run studio` itself runs a bundle (scripts/run-studio.mjs).
 */
import { join } from 'node:path'
import { runStudio } from './studio-main.ts'

await runStudio(join(import.meta.dirname, '..'), process.argv.slice(2))
