import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { bundledModule } from './bundled-module.mjs'

/**
 * A worker thread running a TypeScript module of the compiler, `entry`
 * (relative to the project root), with `data` as its workerData. Found from
 * the project's root, not from this module: `npm run check` runs a bundle of
 * the compiler kept under node_modules/.cache. The thread starts on a bundle
 * of `entry` (bundled-module.mjs), made here when it is not fresh: through
 * tsx, loading the compiler cost a thread as much as reading a small site,
 * which kept sites of fewer than 2,000 pages on one core
 * (docs/measurements.md, "Bundles instead of tsx"). Without esbuild,
 * through tsx (ts-worker.mjs).
 * Not the parent's flags: a loader they name is registered there instead.
 */
export async function startTsWorker(root: string, entry: string, data: Record<string, unknown>): Promise<Worker> {
  const bundle = await bundledModule(root, `worker-${basename(entry, '.ts')}`, entry).catch(() => undefined)
  if (bundle) return new Worker(bundle, { workerData: data, execArgv: [] })
  return new Worker(join(root, 'src/compiler/threads/ts-worker.mjs'), { workerData: { ...data, entry: pathToFileURL(join(root, entry)).href }, execArgv: [] })
}
