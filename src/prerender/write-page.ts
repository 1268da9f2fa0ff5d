import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { render } from '../entry-server'
import { SiteFolders } from './folders'
import { FrameCopy } from './frame-copy'
import { fillTemplate, headTags, pageDataText } from './html'
import { headlineFace } from './headline-face'
import type { Page } from '../generated/schema-types'
import type { PrerenderFailure, PrerenderJob, PrerenderSetup } from './jobs'

/** Folders made so far: one mkdir per folder, not per file (file creation is most of the cost at scale). */
const folders = new SiteFolders()

/** The header and footer, drawn for this worker's first pages and copied into the rest (see frame-copy.ts). */
const frame = new FrameCopy()

/** Render one job and write its files; a failure is returned, not thrown, so the other pages go on. */
export async function writePage(job: PrerenderJob, setup: PrerenderSetup): Promise<PrerenderFailure | undefined> {
  const json = job.data && pageDataText(job.data)
  let rendered
  try {
    const page = json === undefined ? undefined : (JSON.parse(json) as Page)
    rendered = await frame.render((copyFrame) => render(job.route, page, { copyFrame }))
  } catch (error) {
    return { route: job.route, error: described(error) }
  }
  if (rendered.status !== job.status) return { route: job.route, status: rendered.status, error: { name: 'Error', message: rendered.error ?? `status ${rendered.status}` } }
  const head = [job.head ? headTags(rendered, job.head) : '', await headlineFace(rendered.html)].filter(Boolean).join('\n    ')
  write(setup.outDir, job.htmlFile, fillTemplate(setup.template, rendered, job.routeKey, head, json))
  if (job.dataFile && job.data) write(setup.outDir, job.dataFile, job.data)
  return undefined
}

function write(outDir: string, file: string, text: string | Uint8Array): void {
  const target = join(outDir, file)
  folders.make(dirname(target))
  writeFileSync(target, text)
}

function described(error: unknown): PrerenderFailure['error'] {
  return error instanceof Error ? { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { name: 'Error', message: String(error) }
}
