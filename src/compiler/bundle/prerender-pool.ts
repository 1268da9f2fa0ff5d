import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Progress } from '../progress/progress.ts'
import type { FromWorker, PrerenderFailure, PrerenderJob, PrerenderSetup, ToWorker } from '../../prerender/jobs.ts'

/** Below this many pages a worker, above it another one (up to one per core): starting a worker costs about what rendering 100 pages does. */
const pagesPerWorker = 200
/** Pages sent to a worker at a time: few enough that the workers finish together, many enough that messages cost nothing. */
const batchSize = 50

/**
 * Render and write every job on worker threads (src/prerender/worker.ts, as
 * the server build bundled it), a batch at a time to whichever worker is
 * free. Resolves with the failures; after the first one no new batch is sent,
 * since the build stops anyway.
 */
export async function prerenderInWorkers(jobs: readonly PrerenderJob[], options: { workerFile: string; setup: PrerenderSetup; progress: Progress; nodeEnv: string }): Promise<PrerenderFailure[]> {
  if (!jobs.length) return []
  const count = Math.max(1, Math.min(availableParallelism(), Math.ceil(jobs.length / pagesPerWorker)))
  const failures: PrerenderFailure[] = []
  const workers: Worker[] = []
  let next = 0
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const send = () => {
        const batch = failures.length ? [] : jobs.slice(next, (next += batchSize))
        worker.postMessage((batch.length ? { type: 'jobs', jobs: batch } : { type: 'stop' }) satisfies ToWorker)
      }
      worker.on('message', (message: FromWorker) => {
        for (let i = 0; i < message.count; i++) options.progress.tick()
        failures.push(...message.failures)
        send()
      })
      worker.on('error', reject)
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`A prerender worker stopped with exit code ${code}.`))))
      send()
    })
  try {
    // React (its server renderer, its JSX runtime) takes its production build only when NODE_ENV says
    // so, and must be the build the bundle was made for (BundleCache's nodeEnv). Vite's build set it for
    // this whole process; a bundle restored from the cache runs no Vite, and pages drew twice as slowly.
    const env = { ...process.env, NODE_ENV: options.nodeEnv }
    for (let i = 0; i < count; i++) workers.push(new Worker(options.workerFile, { workerData: options.setup, env }))
    await Promise.all(workers.map(run))
  } finally {
    // After a worker's error the others stop too: the build has failed.
    await Promise.all(workers.map((worker) => worker.terminate()))
  }
  return failures
}
