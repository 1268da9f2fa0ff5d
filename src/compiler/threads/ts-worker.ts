import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * A worker thread running a TypeScript module of the compiler, `entry`
 * (relative to the project root), with `data` as its workerData. Found from
 * the project's root, not from this module: `npm run check` runs a bundle of
 * the compiler kept under node_modules/.cache. Not the parent's flags: a
 * loader they name is registered by ts-worker.mjs instead.
 */
export function startTsWorker(root: string, entry: string, data: Record<string, unknown>): Worker {
  return new Worker(join(root, 'src/compiler/threads/ts-worker.mjs'), { workerData: { ...data, entry: pathToFileURL(join(root, entry)).href }, execArgv: [] })
}
