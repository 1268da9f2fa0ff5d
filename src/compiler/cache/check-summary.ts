import { mkdirSync, rmSync, utimesSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { cacheEntry, keepNewest, readCacheFile, removeUnnamed, writeUnsynced } from './cache-file.ts'
import { bucketFile } from './rules-buckets.ts'
import type { FileFacts } from './file-facts.ts'
import type { Problem } from '../problems/problems.ts'
import type { ProjectPaths } from '../site/project-paths.ts'

/**
 * What the last `npm run check` found, kept for the next one
 * (node_modules/.cache/site-check/): each page file's facts, the keys every
 * page was read and checked under, every problem by page, and the index of
 * the rules across pages in buckets (rules-buckets.ts). The next check
 * looks at which files changed and checks those pages alone
 * (site/check-site.ts). Every figure in it is by route; JSON of flat lists,
 * read in a few milliseconds at 10,000 pages.
 */
export interface CheckSummary {
  format: number
  /** The code and schemas (PageCache.codeKey), and the keys every page was read and checked under (`shared`: all but the routes, ids and public/'s files, see checkedAgainst). */
  code: string
  read: string
  check: string
  shared: string
  /** Every route, in the order the pages were listed. */
  routes: string[]
  /** Each route's file facts (factsText), in the same order. */
  facts: string[]
  /** Pages that did not pass their own checks (the rules across pages skip them), and those that did but use a shared block that did not. */
  invalid: string[]
  unresolved: string[]
  /** Each page's ids, as the pages were checked against them: pages with none are left out. */
  anchors: [route: string, ids: string[]][]
  /** Each page's own problems, and its problems from the rules across pages: pages with none are left out. */
  own: [route: string, problems: Problem[]][]
  across: [route: string, problems: Problem[]][]
  /**
   * Each file of public/ a page with no problem shows: what those pages read
   * of it (fileReads: its stat, what lies beside it), and the pages, by
   * their place in `routes`. A file changed, gone or given a new smaller
   * copy is checked again on those pages alone.
   */
  shown: [url: string, read: string, routes: number[]][]
  /** Where each of the index's buckets is (rules-buckets.ts), by number (null: empty). */
  buckets: (string | null)[]
}

const format = 4
/** Summaries kept, one folder per project folder (a test's or the bench's copy beside the real one). */
const kept = 4
/** How long a bucket file no summary names is kept: a check that read the summary before it was replaced may yet read it. */
const bucketsKeptMs = 15 * 60_000

/** Where a project's summary and buckets are. */
export function checkSummaryDir(paths: ProjectPaths): string {
  return cacheEntry(paths.root, 'site-check', paths.root)
}

export function readCheckSummary(dir: string): CheckSummary | undefined {
  return readCacheFile<CheckSummary>(join(dir, 'summary.json'), (saved) => saved.format === format && Array.isArray(saved.routes) && saved.routes.length === saved.facts?.length)
}

/** Write the summary (its buckets are written), then remove the bucket files it does not name, once no check can still be reading them. */
export function writeCheckSummary(dir: string, summary: Omit<CheckSummary, 'format'>): void {
  mkdirSync(dir, { recursive: true })
  // One JSON value: cut short by a crash, it does not parse, and the next check reads every page.
  writeUnsynced(join(dir, 'summary.json'), JSON.stringify({ format, ...summary } satisfies CheckSummary))
  const named = new Set(summary.buckets.flatMap((ref) => (ref ? [bucketFile(ref)] : [])))
  // Buckets no summary names, and what a check stopped mid-write left (a temporary file).
  removeUnnamed(dir, (name) => (name.startsWith('rules-') || name.endsWith('.tmp')) && !named.has(name), bucketsKeptMs)
  // The folder's time says which project copies were checked last.
  utimesSync(dir, new Date(), new Date())
  keepNewest(dirname(dir), kept)
}

/** No summary: the next check reads every page (what it would trust could not be worked out). */
export function removeCheckSummary(dir: string): void {
  rmSync(join(dir, 'summary.json'), { force: true })
}

/**
 * File facts as a summary keeps them: "hash modified stat" (a stat has no
 * spaces), the hash cut to 64 bits (sameFile): it only tells whether a file
 * read again has the bytes it had, and the summary is read and written
 * whole at each check (full hashes were a large part of it:
 * docs/measurements.md, "The compiler's caches").
 */
export function factsText({ hash, modified, stat }: FileFacts): string {
  return `${hash.slice(0, 16)} ${modified} ${stat ?? ''}`
}

/** Whether a file's facts now are those the summary kept: the same bytes (by their cut hash) and time. */
export function sameFile(now: FileFacts, kept: FileFacts): boolean {
  return now.modified === kept.modified && now.hash.slice(0, 16) === kept.hash.slice(0, 16)
}

/** The stat part of a summary's file facts ('' when none was kept: the file had changed too lately). */
export function keptStat(text: string): string {
  return text.slice(text.indexOf(' ', text.indexOf(' ') + 1) + 1)
}

export function factsOf(text: string): FileFacts {
  const [hash = '', modified = '', stat = ''] = text.split(' ')
  return { hash, modified: Number(modified), ...(stat ? { stat } : {}) }
}
