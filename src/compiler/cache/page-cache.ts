import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { cacheFile, readCacheFile, writeCacheFile } from './cache-file.ts'
import type { ProjectPaths } from '../site/project-paths.ts'
import type { CheckOutcome, ReadOutcome } from '../site/page-share.ts'
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

/** The format of the file; another one is discarded. */
const format = 1
/** Caches kept, one per project folder (a test's or the bench's copy beside the real one); the oldest go. */
const kept = 4

/**
 * The outcome of reading and checking each page, kept between runs of the
 * build, the check and the dev server (node_modules/.cache/site-pages/), so
 * that after one page's edit only that page is read and checked again.
 * Every key is a content hash (of the compiler's code, the schemas, the
 * installed packages, the page's bytes, the index it was checked against),
 * never a date. The file is written whole or not at all (a temporary file
 * renamed into place): an interrupted run leaves the previous cache, and a
 * file that cannot be read or is of another format is discarded.
 */
export class PageCache {
  private constructor(
    private readonly file: string,
    /** What every key starts from: the code and schemas that read and check a page. */
    readonly code: string,
    private readonly entries: ReadonlyMap<string, CachedPage>,
  ) {}

  static open(paths: ProjectPaths): PageCache {
    const file = pageCacheFile(paths)
    // src/ (the compiler, the shared code, the generated types), schema/, the installed packages, Node's version.
    const code = hashOfFiles(paths.root, [join(paths.root, 'src'), paths.schemaDir, join(paths.root, 'package-lock.json')], { seed: `${format}\0${process.version}` })
    // None yet, unreadable or of other code: everything is read and checked.
    const saved = readCacheFile<{ format: number; code: string; pages: [string, CachedPage][] }>(file, (kept) => kept.format === format && kept.code === code)
    return new PageCache(file, code, new Map(saved?.pages))
  }

  key(...parts: string[]): string {
    const hash = createHash('sha256').update(this.code)
    for (const part of parts) hash.update('\0').update(part)
    return hash.digest('hex')
  }

  get(route: string): CachedPage | undefined {
    return this.entries.get(route)
  }

  /** Keep these pages' outcomes for the next run (and no others). */
  save(pages: Map<string, CachedPage>): void {
    writeCacheFile(this.file, { format, code: this.code, pages: [...pages] }, kept)
  }
}

/** Where a project's page cache is: one file per project folder. */
export function pageCacheFile(paths: ProjectPaths): string {
  return cacheFile(paths.root, 'site-pages', paths.root)
}
