import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../site/plain-files.ts'
import { hashOf } from './content-hash.ts'
import type { Lists, ListsOf } from '../schema/page-among-others.ts'

/** A bucket's file that is missing or not what its name says: the kept index cannot be used, and the check reads every page. */
export class UnreadableBucket extends Error {}

/**
 * The lists of the index of the rules across pages (PagesIndex), kept on
 * disk between checks, spread over buckets by a hash of their kind and key.
 * A check after one page's edit reads the buckets that page's texts, links
 * and entry are in (a few dozen of hundreds) and writes those it changed;
 * at 10,000 pages, gathering every page's digest into an index was most of
 * such a check.
 *
 * Each bucket is a file named by its content, written before the summary
 * that names it (check-summary.ts): a summary never names a bucket that is
 * not whole, and a run that stops between the two leaves the old summary
 * naming the old buckets, still there.
 */
export class RulesBuckets {
  private readonly loaded = new Map<number, Map<string, unknown>>()
  private readonly changed = new Set<number>()

  /** `names`: each bucket's file in `dir` by its number, null for an empty bucket. */
  constructor(
    private readonly dir: string,
    private readonly names: (string | null)[],
  ) {}

  /** Empty buckets, enough for `pages` pages: about a dozen pages' lists each. */
  static empty(dir: string, pages: number): RulesBuckets {
    const count = 2 ** Math.max(0, Math.ceil(Math.log2(pages / 12)))
    return new RulesBuckets(dir, Array.from({ length: count }, () => null))
  }

  /** The lists of each kind, for a PagesIndex. */
  readonly lists: ListsOf = <T>(kind: string): Lists<T> => {
    const prefix = `${kind}\0`
    return {
      get: (key) => this.bucket(prefix + key).get(prefix + key) as T | undefined,
      set: (key, value) => this.change(prefix + key).set(prefix + key, value),
      delete: (key) => this.change(prefix + key).delete(prefix + key),
    }
  }

  /** Write the buckets that changed, each under a new name; every bucket's file name after, by number. */
  save(): (string | null)[] {
    if (this.changed.size) mkdirSync(this.dir, { recursive: true })
    for (const number of this.changed) {
      const text = JSON.stringify(Object.fromEntries(this.loaded.get(number)!))
      const name = `rules-${number}-of-${this.names.length}-${hashOf(text).slice(0, 16)}.json`
      writeFileAtomic(join(this.dir, name), text)
      this.names[number] = name
    }
    this.changed.clear()
    return [...this.names]
  }

  private change(key: string): Map<string, unknown> {
    const bucket = this.bucket(key)
    this.changed.add(this.numberOf(key))
    return bucket
  }

  private bucket(key: string): Map<string, unknown> {
    const number = this.numberOf(key)
    let bucket = this.loaded.get(number)
    if (!bucket) {
      const name = this.names[number]
      bucket = name ? readBucket(join(this.dir, name)) : new Map()
      this.loaded.set(number, bucket)
    }
    return bucket
  }

  /** FNV-1a over the key's UTF-16 units: cheap, and the same on every run. */
  private numberOf(key: string): number {
    let hash = 0x811c9dc5
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
    return (hash >>> 0) % this.names.length
  }
}

function readBucket(file: string): Map<string, unknown> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new UnreadableBucket(`${file} is missing`)
  }
  // Named by its content: a bucket changed by hand or cut short is not used.
  if (!file.endsWith(`-${hashOf(text).slice(0, 16)}.json`)) throw new UnreadableBucket(`${file} is not what its name says`)
  return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>))
}
