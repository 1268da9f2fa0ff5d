/**
 * `node scripts/bench-scale-child.mjs build|check|dev PROJECT_ROOT`: one
 * measurement for scripts/bench-scale.ts, run from a bundle of
 * bench-scale-build.ts (see src/compiler/threads/bundled-module.mjs), as `npm run build`
 * and `npm run check` run theirs.
 */
import { join } from 'node:path'
import { loadBundled } from '../src/compiler/threads/bundled-module.mjs'

const { measureOnce } = await loadBundled(join(import.meta.dirname, '..'), 'bench-scale', 'scripts/bench-scale-build.ts')
await measureOnce(process.argv[2], process.argv[3])
