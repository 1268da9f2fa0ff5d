/**
 * A prerender worker thread: the build starts one per core (prerender-pool.ts
 * in the compiler) on this file as the server build bundled it, and sends it
 * pages in batches. Each is rendered and written here, so the pages of a
 * large site are drawn and written on every core at once.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { FromWorker, PrerenderFailure, PrerenderSetup, ToWorker } from './jobs'
import { writePage } from './write-page'

const setup = workerData as PrerenderSetup
// React chose its build (production or development) by NODE_ENV as it loaded: it must be the one the
// bundle's JSX was compiled for, or pages fail (jsxDEV missing) or draw twice as slowly.
if (process.env.NODE_ENV !== __BUNDLE_NODE_ENV__) throw new Error(`This bundle was made for NODE_ENV=${__BUNDLE_NODE_ENV__}, and runs under ${process.env.NODE_ENV}.`)
// Stacks name src/ files: a failure is explained from them (render-failure.ts).
process.setSourceMapsEnabled(true)
parentPort!.on('message', async (message: ToWorker) => {
  if (message.type === 'stop') return parentPort!.close()
  const failures: PrerenderFailure[] = []
  for (const job of message.jobs) {
    const failure = await writePage(job, setup)
    if (failure) failures.push(failure)
  }
  parentPort!.postMessage({ type: 'done', count: message.jobs.length, failures } satisfies FromWorker)
})
