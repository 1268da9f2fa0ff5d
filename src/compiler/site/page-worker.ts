/**
 * A worker thread's share of the site's pages (page-workers.ts starts it):
 * it reads them when asked, keeps them parsed, and checks them when sent the
 * site's index, letting each go once checked. The work is PageShare's, as on
 * the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { loadSchemaSet } from '../schema/schema-set.ts'
import { projectPaths } from './project-paths.ts'
import { PageShare } from './page-share.ts'
import type { FromPageWorker, PageWorkerData, ToPageWorker } from './page-workers.ts'

const { root, files } = workerData as PageWorkerData
const paths = projectPaths(root)
/**
 * A share of more pages than this is read again to be checked, not held
 * between the steps: 20,000 read pages take about 400 MB, and two workers
 * hold theirs at once (a site of 100,000 pages would need 2 GB for them alone).
 */
const heldAtMost = 20_000
const share = new PageShare(paths, files, { releaseChecked: true, keepRead: files.length <= heldAtMost })
/**
 * Progress is told at most every 50 ms, not per page: each message costs
 * this thread time of its own, and one every ten pages was a noticeable
 * part of a worker's cold check of 10,000 pages (docs/measurements.md,
 * "Loading and checking the site").
 */
const tellEveryMs = 50
let untold = 0
let toldAt = performance.now()
const tick = () => {
  untold++
  const now = performance.now()
  if (now - toldAt >= tellEveryMs) tell(now)
}
const tell = (now = performance.now()) => {
  if (untold) post({ type: 'progress', count: untold })
  untold = 0
  toldAt = now
}
const post = (message: FromPageWorker) => parentPort!.postMessage(message)

/** Pages a part of the answer: what is posted is let go here, and a part is small beside a share of 50,000. */
const part = 500

parentPort!.on('message', (message: ToPageWorker) => {
  if (message.type === 'read') {
    const outcomes = share.read(message.routes, message.shared, tick)
    tell()
    post({ type: 'read', outcomes, done: true })
  } else {
    const { index } = message
    const schemas = loadSchemaSet(paths.schemaDir, {
      routes: new Set(index.routes),
      media: new Set(index.media.map(([url]) => url)),
      fragments: new Set(index.fragmentNames),
      anchors: new Map(index.anchors.map(([route, ids]) => [route, new Set(ids)])),
    }, { keptValidators: message.keptValidators })
    const context = { fragments: new Map(index.fragments), media: new Map(index.media) }
    for (let at = 0; at < message.routes.length; at += part) {
      const outcomes = share.check(message.routes.slice(at, at + part), schemas, context, tick)
      post({ type: 'check', outcomes, done: false })
    }
    tell()
    post({ type: 'check', outcomes: [], done: true })
  }
})
