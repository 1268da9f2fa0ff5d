import type { Worker } from 'node:worker_threads'
import { startTsWorker } from '../threads/ts-worker.ts'
import type { CheckOutcome, ReadOutcome } from './page-share.ts'
import type { Block } from '../../generated/schema-types.ts'

export interface PageWorkerData {
  root: string
  files: (readonly [route: string, path: string])[]
}

/** Everything a page is checked against, as plain data a thread can be sent. */
export interface SiteIndex {
  routes: string[]
  media: [url: string, path: string][]
  /** The shared blocks that passed their checks. */
  fragments: [name: string, block: Block][]
  /** Every name pages/_shared.yaml defines. */
  fragmentNames: string[]
  anchors: [route: string, ids: string[]][]
}

export type ToPageWorker = { type: 'read'; routes: string[]; shared: unknown } | { type: 'check'; routes: string[]; index: SiteIndex; keptValidators: string | undefined }
interface Answers {
  read: ReadOutcome[]
  check: CheckOutcome[]
}

/** Outcomes come in parts (`done` on the last): one message of a share's every page would be held whole, twice, by both threads. */
export type FromPageWorker = { type: 'progress'; count: number } | { type: 'read'; outcomes: ReadOutcome[]; done: boolean } | { type: 'check'; outcomes: CheckOutcome[]; done: boolean }

/**
 * The site's pages split between worker threads (page-worker.ts), each
 * reading and checking its share: the two steps of loadSite that cost per
 * page, on every core. Each answers for the routes asked that it has;
 * results come back in the order of the files given.
 */
export class PageWorkers {
  private constructor(private readonly workers: Worker[]) {}

  /** `codeRoot`: where the compiler that runs is, the studio's own when it edits a project that holds only its content. */
  static async start(root: string, files: readonly (readonly [route: string, path: string])[], count: number, codeRoot = root): Promise<PageWorkers> {
    const size = Math.ceil(files.length / count)
    const workers: Worker[] = []
    // One after another: the first makes the threads' bundle if it is not fresh, and the others find it made.
    for (let i = 0; i < count; i++) workers.push(await startTsWorker(codeRoot, 'src/compiler/site/page-worker.ts', { root, files: files.slice(i * size, (i + 1) * size) } satisfies PageWorkerData))
    return new PageWorkers(workers)
  }

  read(routes: string[], shared: unknown, tick: () => void): Promise<ReadOutcome[]> {
    return this.ask({ type: 'read', routes, shared }, 'read', tick)
  }

  /** Check against `index`, with the validators kept at `keptValidators` (this thread compiled and kept them) when given. */
  check(routes: string[], index: SiteIndex, keptValidators: string | undefined, tick: () => void): Promise<CheckOutcome[]> {
    return this.ask({ type: 'check', routes, index, keptValidators }, 'check', tick)
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()))
  }

  private async ask<K extends keyof Answers>(message: ToPageWorker, answer: K, tick: () => void): Promise<Answers[K]> {
    const parts = await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<Answers[K]>((resolve, reject) => {
            const outcomes: Answers[K][number][] = []
            const onMessage = (reply: FromPageWorker) => {
              if (reply.type === 'progress') for (let i = 0; i < reply.count; i++) tick()
              else if (reply.type === answer) {
                for (const outcome of reply.outcomes) outcomes.push(outcome)
                if (!reply.done) return
                worker.off('message', onMessage).off('error', reject)
                resolve(outcomes as Answers[K])
              }
            }
            worker.on('message', onMessage).on('error', reject)
            worker.postMessage(message)
          }),
      ),
    )
    return parts.flat() as Answers[K]
  }
}
