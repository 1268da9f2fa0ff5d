import { createHash } from 'node:crypto'
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, copyFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../site/plain-files.ts'
import type { ProjectPaths } from '../site/project-paths.ts'
import type { PrerenderJob } from '../../prerender/jobs.ts'
import { hashOfFiles } from './content-hash.ts'

/** A file the last build wrote: the key of the job that made it, and the file as it was left (to know it is still that file). */
interface WrittenFile {
  key: string
  size: number
  mtimeMs: number
  ino: number
}

const format = 1
const kept = 4

/**
 * The pages the last build rendered, so the next one takes each unchanged
 * page's files from the site it replaces instead of drawing it again. A
 * page's key is a content hash of everything its files are made from: the
 * job (its data, head and addresses), the HTML template (which names every
 * hashed script and stylesheet) and the server bundle (every component and
 * the site's settings). A file is taken only if its key matches and the file
 * in the live site is still the one the build wrote (same size, time and
 * inode), and is hard-linked, not copied. The record is written whole,
 * after the new site is in place (node_modules/.cache/site-render/).
 */
export class RenderCache {
  private readonly written = new Map<string, WrittenFile>()

  private constructor(
    private readonly file: string,
    private readonly base: string,
    private readonly live: string,
    private readonly previous: ReadonlyMap<string, WrittenFile>,
  ) {}

  /** `outDir`: the site being replaced; `template`: the filled-in index.html; `serverDir`: the server bundle. */
  static open(paths: ProjectPaths, outDir: string, template: string, serverDir: string): RenderCache {
    const base = hashOfFiles(serverDir, [serverDir], { seed: `${format}\0${template}`, only: /\.js$/ })
    const file = join(paths.root, 'node_modules', '.cache', 'site-render', `${createHash('sha256').update(`${paths.root}\0${outDir}`).digest('hex').slice(0, 16)}.json`)
    let previous = new Map<string, WrittenFile>()
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { format: number; base: string; files: [string, WrittenFile][] }
      if (saved.format === format && saved.base === base) previous = new Map(saved.files)
    } catch {
      // None yet, or unreadable: every page is drawn.
    }
    return new RenderCache(file, base, outDir, previous)
  }

  /** Link the job's files from the live site into `into` if they are what it would write now; false if it must be drawn. */
  reuse(job: PrerenderJob, into: string): boolean {
    const key = this.keyOf(job)
    const files = filesOf(job)
    const unchanged = files.every((name) => {
      const before = this.previous.get(name)
      const now = statSync(join(this.live, name), { throwIfNoEntry: false })
      return before?.key === key && now?.isFile() && now.size === before.size && now.mtimeMs === before.mtimeMs && now.ino === before.ino
    })
    if (!unchanged) return false
    for (const name of files) {
      const target = join(into, name)
      mkdirSync(dirname(target), { recursive: true })
      try {
        linkSync(join(this.live, name), target)
      } catch {
        copyFileSync(join(this.live, name), target)
      }
    }
    return true
  }

  /** Note the job's files as they are in `dir` (the new site, before it is swapped in). */
  record(job: PrerenderJob, dir: string): void {
    const key = this.keyOf(job)
    for (const name of filesOf(job)) {
      const { size, mtimeMs, ino } = statSync(join(dir, name))
      this.written.set(name, { key, size, mtimeMs, ino })
    }
  }

  save(): void {
    const folder = dirname(this.file)
    mkdirSync(folder, { recursive: true })
    writeFileAtomic(this.file, JSON.stringify({ format, base: this.base, files: [...this.written] }))
    const files = readdirSync(folder).map((name) => ({ name, at: statSync(join(folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    for (const { name } of files.sort((a, b) => b.at - a.at).slice(kept)) rmSync(join(folder, name), { force: true })
  }

  private keyOf(job: PrerenderJob): string {
    return createHash('sha256').update(this.base).update('\0').update(JSON.stringify(job)).digest('hex')
  }
}

function filesOf(job: PrerenderJob): string[] {
  return job.dataFile ? [job.htmlFile, job.dataFile] : [job.htmlFile]
}
