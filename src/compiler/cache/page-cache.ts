import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { cacheEntry, keepNewest, readCacheFile, removeUnnamed } from './cache-file.ts'
import { writeFileAtomic } from '../site/plain-files.ts'
import { codeRootOf, type ProjectPaths } from '../site/project-paths.ts'
import type { CheckOutcome, ReadOutcome } from '../site/page-share.ts'
import { hashOf, hashOfFiles } from './content-hash.ts'
import type { FileFacts } from './file-facts.ts'
import { drain } from '../threads/steps.ts'

/** What a page's reading and checking gave, with the keys that say when it still holds. */
export interface CachedPage {
  /** The page's bytes, by their hash, and the stat that stands for them (fileFacts). */
  file: FileFacts
  /** The code and the shared blocks' text it was read with: the same for every page of a run. */
  readKey: string
  read: ReadOutcome
  /** What its check read of the site (check-targets.ts's pageCheckKeys): for a page that passed, the routes it links to and their ids, the files under public/ it shows, the shared blocks and the code. */
  checkKey?: string
  check?: CheckOutcome
}

/** The format of the files; another one is discarded. */
const format = 10
/** Caches kept, one folder per project folder (a test's or the bench's copy beside the real one); the oldest go. */
const kept = 4
/** How long a data file no shard names is kept: longer than a build of 100,000 pages takes. */
const dataKeptMs = 15 * 60_000
/** About this many pages a shard: small enough that one page's edit rewrites little, few enough that reading them all stays quick. */
const pagesPerShard = 256

interface Shard {
  format: number
  code: string
  /** How many shards the pages were spread over: a route's shard depends on it. */
  shards: number
  /** The file of its pages' data (a DataFile), written before the shard. */
  dataFile: string
  pages: [string, StoredPage][]
}

/**
 * The data of a shard's checked pages, apart: a check never reads it, a
 * build only for pages it renders. The file is this header as one line of
 * JSON, then every page's data (the bytes of its JSON) one after another:
 * as JSON text in a JSON file, every quote of every page was escaped to
 * write it and unescaped to read it, a large part of a cold check's saving
 * at 10,000 pages (docs/measurements.md, "The compiler's caches").
 */
interface DataHeader {
  format: number
  /** Where each page's bytes are, from the end of the header's line. */
  pages: [route: string, start: number, length: number][]
}

type Checked = NonNullable<CheckOutcome['checked']>
/** A page's entry as a shard holds it: without its data, which is in the shard's data file. */
type StoredPage = Omit<CachedPage, 'check'> & { check?: Omit<CheckOutcome, 'checked'> & { checked?: Omit<Checked, 'data'> } }

function stored(page: CachedPage): StoredPage {
  const checked = page.check?.checked
  if (!checked) return page as StoredPage
  // Every field but the data, without asking a kept page for its data (a getter).
  const { data: _, ...fields } = Object.getOwnPropertyDescriptors(checked)
  return { ...page, check: { ...page.check!, checked: Object.defineProperties({}, fields) as Omit<Checked, 'data'> } }
}

/** A kept page, whose data is read from `dataOf` when first asked for. */
function restored(page: StoredPage, dataOf: (route: string, hash: string) => Uint8Array, route: string): CachedPage {
  const checked = page.check?.checked
  if (!checked) return page as CachedPage
  let data: Uint8Array | undefined
  // The getter holds the hash, not the kept page: a loaded page keeps it (loadedPage), and the page's digest need not stay with it.
  const { dataHash } = checked
  const lazy: Checked = {
    ...checked,
    get data() {
      return (data ??= dataOf(route, dataHash))
    },
  }
  return { ...page, check: { ...page.check!, checked: lazy } }
}

/**
 * The folders of src/ whose code reads and checks a page: the compiler and
 * the modules it runs from beside it. Not the block components, the app or
 * the studio: a change to how a block looks keeps every page's check, so
 * the build after it bundles and draws again without reading 10,000 pages
 * first, and the studio opens as fast. A test (page-cache-code.test.ts)
 * bundles the code that reads and checks pages and fails if it takes a
 * module from anywhere else.
 */
export const pageCheckingCode = ['src/compiler', 'src/shared', 'src/prerender', 'src/generated'] as const

/** A key of what pages are read or checked under: the code (PageCache.codeKey) and `parts`. */
export function pageKey(code: string, ...parts: string[]): string {
  const hash = createHash('sha256').update(code)
  for (const part of parts) hash.update('\0').update(part)
  return hash.digest('hex')
}

/** A kept page's data that is not what its entry says: the cache is removed, and the next run reads every page again. */
export class DamagedPageCache extends Error {}

/**
 * The outcome of reading and checking each page, kept between runs of the
 * build, the check and the dev server (node_modules/.cache/site-pages/), so
 * that after one page's edit only that page is read and checked again.
 * Every key is a content hash (of the compiler's code, the schemas, the
 * installed packages, the page's bytes, the index it was checked against),
 * never a date.
 *
 * The pages are spread over shards by a hash of their route, and a run
 * writes only the shards whose pages changed: after one page's edit, one
 * small file instead of the whole cache (docs/measurements.md, "The
 * compiler's caches"). Each shard is
 * written whole or not at all (a temporary file renamed into place): an
 * interrupted run leaves some shards new and some old, every entry with the
 * keys it was made under, so each still holds or is read again. A shard
 * that cannot be read or is of another format or code is discarded.
 *
 * The pages' data (two thirds of the bytes) is in a file of its own per
 * shard, read only when a page's data is asked for: a check never does,
 * and a build after one edit does for the pages it renders. A shard names
 * its data file, which is written first under a name of its own, so a
 * shard never names a data file that is not whole.
 */
export class PageCache {
  private constructor(
    private readonly dir: string,
    /** What every key starts from: the code and schemas that read and check a page. */
    readonly code: string,
    private readonly entries: ReadonlyMap<string, CachedPage>,
    /** The shard count the saved shards were written with, how many pages each holds and its data file (none: nothing could be used). */
    private readonly saved: { shards: number; counts: ReadonlyMap<number, number>; dataFiles: ReadonlyMap<number, string> },
  ) {}

  /** What every key starts from, for the project at `paths`: the code that reads and checks a page (pageCheckingCode), schema/, the installed packages, Node's version. */
  static codeKey(paths: ProjectPaths): string {
    // The code that runs: the studio's own when it edits another project, not that project's.
    const codeRoot = codeRootOf(paths)
    // Each named from its own root: the studio's code, seen from the project it edits, is the same code as that project's own.
    return hashOf([format, process.version, hashOfFiles(codeRoot, [...pageCheckingCode.map((folder) => join(codeRoot, folder)), join(codeRoot, 'package-lock.json')]), hashOfFiles(paths.root, [paths.schemaDir])].join('\0'))
  }

  static open(paths: ProjectPaths): PageCache {
    const dir = pageCacheDir(paths)
    const code = PageCache.codeKey(paths)
    const entries = new Map<string, CachedPage>()
    const counts = new Map<number, number>()
    const dataFiles = new Map<number, string>()
    let shards = 0
    for (const { name, index, count } of shardFiles(dir)) {
      if (shards && count !== shards) continue
      // Unreadable, of another format or code, or without its data: its pages are read and checked.
      const saved = readCacheFile<Shard>(join(dir, name), (kept) => kept.format === format && kept.code === code && kept.shards === count && existsSync(join(dir, kept.dataFile)))
      if (!saved) continue
      shards = count
      counts.set(index, saved.pages.length)
      dataFiles.set(index, saved.dataFile)
      const dataOf = keptData(dir, saved.dataFile)
      for (const [route, page] of saved.pages) entries.set(route, restored(page, dataOf, route))
    }
    return new PageCache(dir, code, entries, { shards, counts, dataFiles })
  }

  key(...parts: string[]): string {
    return pageKey(this.code, ...parts)
  }

  get(route: string): CachedPage | undefined {
    return this.entries.get(route)
  }

  /** Keep these pages' outcomes for the next run (and no others), writing only the shards that changed. */
  save(pages: Map<string, CachedPage>): void {
    drain(this.saving(pages))
  }

  /**
   * save, a shard at a time: it yields after each shard it wrote, for a
   * caller that shares its thread (the studio, which loads the site in the
   * background while an author types) to let others in. Written whole, the
   * pages of a cold load of a large site held the studio's thread in one
   * piece (docs/measurements.md, "The compiler's caches").
   */
  *saving(pages: Map<string, CachedPage>): Generator<void, void, undefined> {
    const shards = 2 ** Math.ceil(Math.log2(Math.max(1, pages.size / pagesPerShard)))
    const spread = Array.from({ length: shards }, () => [] as [string, CachedPage][])
    for (const entry of pages) spread[shardOf(entry[0], shards)]!.push(entry)
    mkdirSync(this.dir, { recursive: true })
    for (const { name, count } of shardFiles(this.dir)) if (count !== shards) rmSync(join(this.dir, name), { force: true })
    const named = new Set<string>()
    for (const [index, entries] of spread.entries()) {
      const samePages = shards === this.saved.shards && entries.length === this.saved.counts.get(index)
      // The same pages with the same data: the data file stays, and is not read (a page's data is read from it when first asked for).
      const sameData = samePages && entries.every(([route, page]) => this.sameData(route, page))
      if (sameData && entries.every(([route, page]) => this.holds(route, page))) {
        named.add(this.saved.dataFiles.get(index)!)
        continue
      }
      let dataFile = this.saved.dataFiles.get(index)!
      if (!sameData) {
        const { bytes, name } = dataFileOf(entries)
        dataFile = `data-${index}-of-${shards}-${name}.bin`
        writeFileAtomic(join(this.dir, dataFile), bytes)
      }
      named.add(dataFile)
      writeFileAtomic(join(this.dir, shardName(index, shards)), JSON.stringify({ format, code: this.code, shards, dataFile, pages: entries.map(([route, page]) => [route, stored(page)]) } satisfies Shard))
      yield
    }
    // Data files no shard names (replaced, or of another shard count) go once
    // no run can still be reading them: another build or check that opened
    // the cache before this one wrote may yet ask for a page's data. Their
    // time is when they stopped being named, not when they were written: a
    // file written an hour ago and replaced now was removed at once, under a
    // build that had opened the cache before and still needed it.
    const now = new Date()
    for (const name of this.saved.dataFiles.values()) if (!named.has(name)) touchIfThere(join(this.dir, name), now)
    removeUnnamed(this.dir, (name) => name.startsWith('data-') && !named.has(name), dataKeptMs)
    // The folder's time says which project copies were used last.
    utimesSync(this.dir, new Date(), new Date())
    // Another project copy's cache in use (its build reads its data as it draws) is not removed under it.
    keepNewest(dirname(this.dir), kept, dataKeptMs)
  }

  /**
   * Whether the saved entry of a route has the data `page` has (or neither
   * has any): a shard whose entries change only in what the data file does
   * not hold (a file's stat, kept once the file has settled) keeps its data
   * file, 2/3 of the cache's bytes, unread and unwritten.
   */
  private sameData(route: string, page: CachedPage): boolean {
    const saved = this.entries.get(route)
    return saved !== undefined && saved.check?.checked?.dataHash === page.check?.checked?.dataHash
  }

  /** Whether the saved entry of a route was made under the same keys and file stat as `page`: what was written is still true. */
  private holds(route: string, page: CachedPage): boolean {
    const saved = this.entries.get(route)
    return saved !== undefined && saved.readKey === page.readKey && saved.checkKey === page.checkKey && saved.file.hash === page.file.hash && saved.file.stat === page.file.stat
  }
}

/**
 * The data of one shard's pages, read from its file the first time one is
 * asked for. Data that is not there or not what the entry says (the file
 * changed by hand) stops the run, and the cache goes: the next run reads
 * every page again.
 */
function keptData(dir: string, file: string): (route: string, hash: string) => Uint8Array {
  let data: Map<string, Uint8Array> | undefined
  return (route, hash) => {
    data ??= readDataFile(join(dir, file))
    const bytes = data.get(route)
    if (!bytes || hashOf(bytes) !== hash) {
      rmSync(dir, { recursive: true, force: true })
      throw new DamagedPageCache(`The page cache's data of ${route} (${join(dir, file)}) is damaged. It has been removed: the next run reads every page again.`)
    }
    return bytes
  }
}

/**
 * A shard's data file (DataHeader, then the bytes), and the part of its name
 * that is new for each content: a hash of its pages' routes and data hashes,
 * which the workers that checked them worked out already.
 */
function dataFileOf(entries: readonly (readonly [string, CachedPage])[]): { bytes: Buffer; name: string } {
  const pages: DataHeader['pages'] = []
  const parts: Uint8Array[] = []
  const naming = createHash('sha256')
  let start = 0
  for (const [route, page] of entries) {
    const checked = page.check?.checked
    if (!checked) continue
    pages.push([route, start, checked.data.length])
    parts.push(checked.data)
    start += checked.data.length
    naming.update(route).update('\0').update(checked.dataHash).update('\0')
  }
  const header = Buffer.from(`${JSON.stringify({ format, pages } satisfies DataHeader)}\n`)
  return { bytes: Buffer.concat([header, ...parts]), name: naming.digest('hex').slice(0, 16) }
}

/** Each page's bytes in a data file, by route; none when it cannot be read or is of another format. */
function readDataFile(file: string): Map<string, Uint8Array> {
  const data = new Map<string, Uint8Array>()
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return data
  }
  const end = bytes.indexOf(10)
  let header: DataHeader
  try {
    header = JSON.parse(bytes.subarray(0, end < 0 ? 0 : end).toString('utf8')) as DataHeader
  } catch {
    return data
  }
  if (header.format !== format || !Array.isArray(header.pages)) return data
  for (const [route, start, length] of header.pages) data.set(route, bytes.subarray(end + 1 + start, end + 1 + start + length))
  return data
}

/** Set a file's times to `at`, if it is still there (another run may have removed it). */
function touchIfThere(path: string, at: Date): void {
  try {
    utimesSync(path, at, at)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
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
