import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { cacheEntry, keepNewest, readCacheFile } from './cache-file.ts'
import { writeFileAtomic } from '../site/plain-files.ts'
import type { ProjectPaths } from '../site/project-paths.ts'
import type { CheckOutcome, ReadOutcome } from '../site/page-share.ts'
import { pageDataBytes, pageDataText } from '../../prerender/html.ts'
import { hashOfFiles } from './content-hash.ts'

/** What a page's reading and checking gave, with the keys that say when it still holds. */
export interface CachedPage {
  /** The code, the page's bytes and the shared blocks' text it was read with. */
  readKey: string
  read: ReadOutcome
  /** The code and the whole index (routes, media, shared blocks, every page's ids) it was checked against. */
  checkKey?: string
  check?: CheckOutcome
}

/** The format of the files; another one is discarded. */
const format = 3
/** Caches kept, one folder per project folder (a test's or the bench's copy beside the real one); the oldest go. */
const kept = 4
/** About this many pages a shard: small enough that one page's edit rewrites little, few enough that reading them all stays quick. */
const pagesPerShard = 256

interface Shard {
  format: number
  code: string
  /** How many shards the pages were spread over: a route's shard depends on it. */
  shards: number
  pages: [string, StoredPage][]
}

type Checked = NonNullable<CheckOutcome['checked']>
/** A page's entry as a shard holds it: its data as text, since JSON has no bytes. */
type StoredPage = Omit<CachedPage, 'check'> & { check?: Omit<CheckOutcome, 'checked'> & { checked?: Omit<Checked, 'data'> & { json: string } } }

function stored(page: CachedPage): StoredPage {
  const checked = page.check?.checked
  if (!checked) return page as StoredPage
  const { data, ...rest } = checked
  return { ...page, check: { ...page.check!, checked: { ...rest, json: pageDataText(data) } } }
}

function restored(page: StoredPage): CachedPage {
  const checked = page.check?.checked
  if (!checked) return page as CachedPage
  const { json, ...rest } = checked
  return { ...page, check: { ...page.check!, checked: { ...rest, data: pageDataBytes(json) } } }
}

/**
 * The outcome of reading and checking each page, kept between runs of the
 * build, the check and the dev server (node_modules/.cache/site-pages/), so
 * that after one page's edit only that page is read and checked again.
 * Every key is a content hash (of the compiler's code, the schemas, the
 * installed packages, the page's bytes, the index it was checked against),
 * never a date.
 *
 * The pages are spread over shards by a hash of their route, and a run
 * writes only the shards whose pages changed: after one page's edit at
 * 10,000 pages, one file of 200 KB instead of all 47 MB. Each shard is
 * written whole or not at all (a temporary file renamed into place): an
 * interrupted run leaves some shards new and some old, every entry with the
 * keys it was made under, so each still holds or is read again. A shard
 * that cannot be read or is of another format or code is discarded.
 */
export class PageCache {
  private constructor(
    private readonly dir: string,
    /** What every key starts from: the code and schemas that read and check a page. */
    readonly code: string,
    private readonly entries: ReadonlyMap<string, CachedPage>,
    /** The shard count the saved shards were written with, and how many pages each holds (none: nothing could be used). */
    private readonly saved: { shards: number; counts: ReadonlyMap<number, number> },
  ) {}

  static open(paths: ProjectPaths): PageCache {
    const dir = pageCacheDir(paths)
    // src/ (the compiler, the shared code, the generated types), schema/, the installed packages, Node's version.
    const code = hashOfFiles(paths.root, [join(paths.root, 'src'), paths.schemaDir, join(paths.root, 'package-lock.json')], { seed: `${format}\0${process.version}` })
    const entries = new Map<string, CachedPage>()
    const counts = new Map<number, number>()
    let shards = 0
    for (const { name, index, count } of shardFiles(dir)) {
      if (shards && count !== shards) continue
      // Unreadable, or of another format or code: its pages are read and checked.
      const saved = readCacheFile<Shard>(join(dir, name), (kept) => kept.format === format && kept.code === code && kept.shards === count)
      if (!saved) continue
      shards = count
      counts.set(index, saved.pages.length)
      for (const [route, page] of saved.pages) entries.set(route, restored(page))
    }
    return new PageCache(dir, code, entries, { shards, counts })
  }

  key(...parts: string[]): string {
    const hash = createHash('sha256').update(this.code)
    for (const part of parts) hash.update('\0').update(part)
    return hash.digest('hex')
  }

  get(route: string): CachedPage | undefined {
    return this.entries.get(route)
  }

  /** Keep these pages' outcomes for the next run (and no others), writing only the shards that changed. */
  save(pages: Map<string, CachedPage>): void {
    const shards = 2 ** Math.ceil(Math.log2(Math.max(1, pages.size / pagesPerShard)))
    const spread = Array.from({ length: shards }, () => [] as [string, CachedPage][])
    for (const entry of pages) spread[shardOf(entry[0], shards)]!.push(entry)
    mkdirSync(this.dir, { recursive: true })
    for (const { name, count } of shardFiles(this.dir)) if (count !== shards) rmSync(join(this.dir, name), { force: true })
    spread.forEach((entries, index) => {
      const unchanged = shards === this.saved.shards && entries.length === this.saved.counts.get(index) && entries.every(([route, page]) => this.holds(route, page))
      if (!unchanged) writeFileAtomic(join(this.dir, shardName(index, shards)), JSON.stringify({ format, code: this.code, shards, pages: entries.map(([route, page]) => [route, stored(page)]) } satisfies Shard))
    })
    // The folder's time says which project copies were used last.
    utimesSync(this.dir, new Date(), new Date())
    keepNewest(dirname(this.dir), kept)
  }

  /** Whether the saved entry of a route was made under the same keys as `page`: what was written is still true. */
  private holds(route: string, page: CachedPage): boolean {
    const saved = this.entries.get(route)
    return saved !== undefined && saved.readKey === page.readKey && saved.checkKey === page.checkKey
  }
}

function shardOf(route: string, shards: number): number {
  return createHash('sha256').update(route).digest().readUInt32BE(0) % shards
}

/** "shard-<index>-of-<count>.json": a shard of another count is not one of this run's. */
function shardName(index: number, shards: number): string {
  return `shard-${index}-of-${shards}.json`
}

function shardFiles(dir: string): { name: string; index: number; count: number }[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const match = /^shard-(\d+)-of-(\d+)\.json$/.exec(name)
    return match ? [{ name, index: Number(match[1]), count: Number(match[2]) }] : []
  })
}

/** Where a project's page cache is: one folder per project folder. */
export function pageCacheDir(paths: ProjectPaths): string {
  return cacheEntry(paths.root, 'site-pages', paths.root)
}
