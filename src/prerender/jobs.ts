import type { HeadInfo } from './html'

/** One file of the built site to render: a page, the not-found page or the catalogue. */
export interface PrerenderJob {
  route: string
  /** The hash of the page's data (LoadedPage's dataHash); none for the not-found page and the catalogue. */
  dataHash?: string
  /** The page's data, as its JSON file holds it (LoadedPage's data, UTF-8): only in a job to draw. */
  data?: Uint8Array
  /** What the root element says was rendered (the route, or "404"); the app hydrates only what matches it. */
  routeKey: string
  /** The HTML file to write, relative to the output folder. */
  htmlFile: string
  /** The page's JSON file to write, relative to the output folder. */
  dataFile?: string
  /** Canonical address and preview image; none for the not-found page. */
  head?: HeadInfo
  /** The status the render must have (200, or 404 for the not-found page). */
  status: number
}

/** The files a job writes, relative to the output folder. */
export function jobFiles(job: PrerenderJob): string[] {
  return job.dataFile ? [job.htmlFile, job.dataFile] : [job.htmlFile]
}

/** What every worker is started with. */
export interface PrerenderSetup {
  /** The built index.html every page is written into. */
  template: string
  /** Where the files go (the build's temporary folder). */
  outDir: string
}

/** A job whose render threw or had another status than it must: the build stops and explains it. */
export interface PrerenderFailure {
  route: string
  status?: number
  error: { name: string; message: string; stack?: string }
}

export type ToWorker = { type: 'jobs'; jobs: PrerenderJob[] } | { type: 'stop' }
export type FromWorker = { type: 'done'; count: number; failures: PrerenderFailure[] }
