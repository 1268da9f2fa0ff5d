import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { cacheFile, linkOrCopy, readCacheFile, writeCacheFile } from './cache-file.ts'
import type { ProjectPaths } from '../site/project-paths.ts'
import { jobFiles, type PrerenderJob } from '../../prerender/jobs.ts'
import { templateRefill } from '../../prerender/html.ts'
import { SiteFolders } from '../../prerender/folders.ts'
import { hashOfFiles } from './content-hash.ts'

/** A file the last build wrote: the key of the job that made it, and the file as it was left (to know it is still that file). */
interface WrittenFile {
  key: string
  size: number
  mtimeMs: number
  ino: number
}

const format = 2
const kept = 4

/** What the record holds: the server bundle's hash, the template the pages were filled into, and each file written. */
interface RenderRecord {
  format: number
  server: string
  template: string
  files: [string, WrittenFile][]
}

/**
 * The pages the last build rendered, so the next one takes each unchanged
 * page's files from the site it replaces instead of drawing it again. A
 * page's key is a content hash of everything its drawing is made from: the
 * job (its data, head and addresses) and the server bundle (every component
 * and the site's settings). A file is taken only if its key matches and the
 * file in the live site is still the one the build wrote (same size, time
 * and inode). With the same HTML template (which names every hashed script
 * and stylesheet), its files are hard-linked, not copied. With another one
 * (a change to styles alone changes a stylesheet's name, not a component),
 * the page's HTML is filled into the new template from the old file
 * (templateRefill), not drawn again. A bundle kept from another copy of the
 * project names that copy's files in its comments, so it counts as another
 * bundle: its pages are drawn. The record is written whole, after the new
 * site is in place (node_modules/.cache/site-render/).
 */
export class RenderCache {
  private readonly written = new Map<string, WrittenFile>()
  /** Each job's key, worked out once (reuse, then record). */
  private readonly keys = new WeakMap<PrerenderJob, string>()
  /** Folders made in the new site so far: one mkdir each, not one per file. */
  private readonly folders = new SiteFolders()

  private constructor(
    private readonly file: string,
    private readonly base: string,
    private readonly template: string,
    private readonly live: string,
    /**
     * Only when the live site's pages were filled into another template:
     * a live page's HTML file filled into `template`, or undefined for a
     * page that cannot be taken apart (then drawn).
     */
    private readonly refill: ((htmlFile: string) => string | undefined) | undefined,
    private readonly previous: ReadonlyMap<string, WrittenFile>,
  ) {}

  /** `outDir`: the site being replaced; `template`: the filled-in index.html; `serverDir`: the server bundle. */
  static open(paths: ProjectPaths, outDir: string, template: string, serverDir: string): RenderCache {
    const base = hashOfFiles(serverDir, [serverDir], { seed: String(format), only: /\.js$/ })
    const file = cacheFile(paths.root, 'site-render', paths.root, outDir)
    // None yet, unreadable or of another bundle: every page is drawn.
    const saved = readCacheFile<RenderRecord>(file, (kept) => kept.format === format && kept.server === base && typeof kept.template === 'string')
    return new RenderCache(file, base, template, outDir, saved && saved.template !== template ? refillFrom(saved.template, template) : undefined, new Map(saved?.files))
  }

  /**
   * Take the job's files from the live site into `into` if they are what it
   * would write now, linked, or its HTML filled into a new template; false
   * if it must be drawn.
   */
  reuse(job: PrerenderJob, into: string): boolean {
    const key = this.keyOf(job)
    const files = jobFiles(job)
    const unchanged = files.every((name) => {
      const before = this.previous.get(name)
      const now = statSync(join(this.live, name), { throwIfNoEntry: false })
      return before?.key === key && now?.isFile() && now.size === before.size && now.mtimeMs === before.mtimeMs && now.ino === before.ino
    })
    if (!unchanged) return false
    const html = this.refill?.(join(this.live, job.htmlFile))
    if (this.refill && html === undefined) return false
    for (const name of files) {
      const target = join(into, name)
      this.folders.make(dirname(target))
      // Written anew, and noted by record.
      if (html !== undefined && name === job.htmlFile) writeFileSync(target, html)
      // A link is the same file: what the last build noted of it still holds (a copy is noted by record).
      else if (linkOrCopy(join(this.live, name), target)) this.written.set(name, this.previous.get(name)!)
    }
    return true
  }

  /** Note the job's files as they are in `dir` (the new site, before it is swapped in); a file linked by reuse is noted already. */
  record(job: PrerenderJob, dir: string): void {
    const key = this.keyOf(job)
    for (const name of jobFiles(job)) {
      if (this.written.has(name)) continue
      const { size, mtimeMs, ino } = statSync(join(dir, name))
      this.written.set(name, { key, size, mtimeMs, ino })
    }
  }

  save(): void {
    writeCacheFile(this.file, { format, server: this.base, template: this.template, files: [...this.written] } satisfies RenderRecord, kept)
  }

  private keyOf(job: PrerenderJob): string {
    let key = this.keys.get(job)
    if (key === undefined) {
      // The page's data is in the job by its hash (dataHash); data itself is added only to a job to draw.
      if (job.data) throw new Error(`the render cache keys a job by its data's hash, without the data (${job.route})`)
      key = createHash('sha256').update(this.base).update('\0').update(JSON.stringify(job)).digest('hex')
      this.keys.set(job, key)
    }
    return key
  }
}

/** Fills a page's HTML file, made with `from`, into `to`: the templates taken apart once for every page; a pair that cannot be refills none. */
function refillFrom(from: string, to: string): (htmlFile: string) => string | undefined {
  const fill = templateRefill(from, to)
  return fill ? (htmlFile) => fill(readFileSync(htmlFile, 'utf8')) : () => undefined
}
