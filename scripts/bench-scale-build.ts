/**
 * Child process of scripts/bench-scale.ts: builds the project at argv[2]
 * into its own out/ folder and prints the build report, with peak memory,
 * as one JSON line.
 */
import { join } from 'node:path'
import { buildSite } from '../src/compiler/bundle/build-site'
import type { ScaleReport } from './bench-scale'
import { createProgress } from '../src/compiler/progress/progress'

const root = process.argv[2]
if (!root) throw new Error('usage: tsx scripts/bench-scale-build.ts PROJECT_ROOT')
// Errors only: at this scale Vite's chunk-size and plugin-timing notes would
// bury the bench's table.
const report = await buildSite({ root, outDir: join(root, 'out'), logLevel: 'error', progress: createProgress({ live: process.env.PROGRESS_LIVE === '1' }) })
const result: ScaleReport = { ...report, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }
console.log(JSON.stringify(result))
