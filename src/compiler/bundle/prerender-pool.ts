import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Progress } from '../progress/progress.ts'
import type { FromWorker, PrerenderFailure, PrerenderJob, PrerenderSetup, ToWorker } from '../../prerender/jobs.ts'

/** Below this many pages a worker, above it another one (up to one per core): starting a worker costs about what rendering 100 pages does. */
const pagesPerWorker = 200
/** Pages sent to a worker at a time: few enough that the workers finish together, many enough that messages cost nothing. */
const batchSize = 50

interface PoolOptions {
  workerFile: string
  setup: PrerenderSetup
  nodeEnv: string
}

/**
 * Worker threads (src/prerender/worker.ts, as the server build bundled it)
 * that render and write pages, a batch at a time to whichever worker is
 * free. The first is started before the pages to draw are known: it loads
 * the server bundle on another core while the build links the
 * pages it keeps from the live site, which after one page's edit is most of
 * the build. Close it whatever happens.
 */
export class PrerenderPool {
  private readonly workers: Worker[] = []
  /** A worker's error before it was given pages: the run reports it. */
  private failed: Error | undefined

  private constructor(private readonly options: PoolOptions) {}

  static start(options: PoolOptions): PrerenderPool {
    const pool = new PrerenderPool(options)
    pool.add()
    return pool
  }

  /** Render and write every job; resolves with the failures. After the first one no new batch is sent, since the build stops anyway. */
  async run(jobs: readonly PrerenderJob[], progress: Progress): Promise<PrerenderFailure[]> {
    if (this.failed) throw this.failed
    if (!jobs.length) return []
    const count = Math.max(1, Math.min(availableParallelism(), Math.ceil(jobs.length / pagesPerWorker)))
    while (this.workers.length < count) this.add()
    const failures: PrerenderFailure[] = []
    let next = 0
    const run = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        const send = () => {
          const batch = failures.length ? [] : jobs.slice(next, (next += batchSize))
          worker.postMessage((batch.length ? { type: 'jobs', jobs: batch } : { type: 'stop' }) satisfies ToWorker)
        }
        worker.on('message', (message: FromWorker) => {
          for (let i = 0; i < message.count; i++) progress.tick()
          failures.push(...message.failures)
          send()
        })
        worker.on('error', reject)
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(this.failed ?? new Error(`A prerender worker stopped with exit code ${code}.`))))
        send()
      })
    await Promise.all(this.workers.map(run))
    return failures
  }

  /** Stop every worker (after a worker's error the others stop too: the build has failed). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()))
  }

  private add(): void {
    // React (its server renderer, its JSX runtime) takes its production build only when NODE_ENV says
    // so, and must be the build the bundle was made for (BundleCache's nodeEnv). Vite's build set it for
    // this whole process; a bundle restored from the cache runs no Vite, and pages drew twice as slowly.
    const worker = new Worker(this.options.workerFile, { workerData: this.options.setup, env: { ...process.env, NODE_ENV: this.options.nodeEnv } })
    // Heard from the start: an error before the worker is given pages is the run's.
    worker.on('error', (error) => (this.failed ??= error))
    this.workers.push(worker)
  }
}
