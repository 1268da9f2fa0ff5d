import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { writeUnsynced } from './cache-file.ts'
import { hashOf } from './content-hash.ts'
import type { Lists, ListsOf } from '../site/cross-page-rules.ts'

/** A bucket's file that is missing or not what its name says: the kept index cannot be used, and the check reads every page. */
export class UnreadableBucket extends Error {}

/**
 * The lists of the index of the rules across pages (PagesIndex), kept on
 * disk between checks, spread over buckets by a hash of their kind and key.
 * A check after one page's edit reads the buckets that page's texts, links
 * and entry are in (a dozen of a thousand, at 10,000 pages) and writes those
 * it changed; gathering every page's digest into an index was most of such
 * a check.
 *
 * A bucket is where its text is: a file of its own (`rules-<n>-of-<count>-
 * <hash>.json`), or a slice of a pack that holds every bucket of a whole
 * site's index (`rules-pack-<random>.json@<offset>+<length>#<hash>`): one
 * pack is written far quicker than a thousand files one by one
 * (docs/measurements.md, "The compiler's caches").
 * Every bucket's text is checked against the hash its reference gives, so
 * one cut short or changed by hand is never used. Buckets are written before
 * the summary that names them (check-summary.ts): a run that stops between
 * the two leaves the old summary naming the old buckets, still there.
 */
export class RulesBuckets {
  /** Each bucket read or made: its lists by kind, then by key (no key is joined to its kind: at 100,000 pages that was a million strings). */
  private readonly loaded = new Map<number, Bucket>()
  private readonly changed = new Set<number>()

  /** `refs`: where each bucket is in `dir`, by its number (null: empty); `whole`: every bucket is being made, and is written in one pack. */
  constructor(
    private readonly dir: string,
    private readonly refs: (string | null)[],
    private readonly whole = false,
  ) {}

  /** Empty buckets, enough for `pages` pages: about a dozen pages' lists each. */
  static empty(dir: string, pages: number): RulesBuckets {
    const count = 2 ** Math.max(0, Math.ceil(Math.log2(pages / 12)))
    return new RulesBuckets(dir, Array.from({ length: count }, () => null), true)
  }

  /** The lists of each kind, for a PagesIndex. */
  readonly lists: ListsOf = <T>(kind: string): Lists<T> => {
    const seed = fnv(kind, 0x811c9dc5)
    const at = (key: string, change: boolean): Map<string, unknown> => {
      const number = (fnv(key, seed) >>> 0) % this.refs.length
      const bucket = this.bucket(number)
      if (change) this.changed.add(number)
      let lists = bucket.get(kind)
      if (!lists) bucket.set(kind, (lists = new Map()))
      return lists
    }
    return {
      get: (key) => at(key, false).get(key) as T | undefined,
      set: (key, value) => at(key, true).set(key, value),
      delete: (key) => at(key, true).delete(key),
    }
  }

  /** Write the buckets that changed (all of them in one pack, for an index made whole); where each bucket is after, by number. */
  save(): (string | null)[] {
    if (!this.changed.size) return [...this.refs]
    mkdirSync(this.dir, { recursive: true })
    if (this.whole) this.writePack()
    else {
      for (const number of this.changed) {
        const text = bucketText(this.loaded.get(number)!)
        const name = `rules-${number}-of-${this.refs.length}-${hashOf(text).slice(0, 16)}.json`
        writeUnsynced(join(this.dir, name), text)
        this.refs[number] = name
      }
    }
    this.changed.clear()
    return [...this.refs]
  }

  /**
   * Every bucket into one pack, written a bucket at a time: at 100,000
   * pages the whole index is too much text to make one string of
   * (docs/measurements.md, "The compiler's caches").
   */
  private writePack(): void {
    // Named anew each time (each slice's own hash is in its reference).
    const name = `rules-pack-${randomBytes(8).toString('hex')}.json`
    const temp = join(this.dir, `${name}.${process.pid}.tmp`)
    const fd = openSync(temp, 'w')
    try {
      let offset = 0
      for (let number = 0; number < this.refs.length; number++) {
        const bytes = Buffer.from(bucketText(this.loaded.get(number) ?? new Map()))
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written)
        this.refs[number] = `${name}@${offset}+${bytes.length}#${hashOf(bytes).slice(0, 16)}`
        offset += bytes.length
      }
    } finally {
      closeSync(fd)
    }
    renameSync(temp, join(this.dir, name))
  }

  private bucket(number: number): Bucket {
    let bucket = this.loaded.get(number)
    if (!bucket) {
      const ref = this.refs[number]
      const kept = ref ? (JSON.parse(readBucket(this.dir, ref)) as Record<string, Record<string, unknown>>) : {}
      bucket = new Map(Object.entries(kept).map(([kind, lists]) => [kind, new Map(Object.entries(lists))]))
      this.loaded.set(number, bucket)
    }
    return bucket
  }
}

/** A bucket's lists, by kind and then key. */
type Bucket = Map<string, Map<string, unknown>>

/**
 * A bucket as its file holds it: { kind: { key: value } }, written entry by
 * entry. Made through an object of each list (Object.fromEntries, then
 * JSON.stringify), the 8,192 buckets of a 100,000-page index left garbage
 * that the heap kept through the end of the check, raising its peak
 * (docs/measurements.md, "The compiler's caches").
 */
function bucketText(bucket: Bucket): string {
  const kinds: string[] = []
  for (const [kind, lists] of bucket) {
    const entries: string[] = []
    for (const [key, value] of lists) if (value !== undefined) entries.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`)
    kinds.push(`${JSON.stringify(kind)}:{${entries.join(',')}}`)
  }
  return `{${kinds.join(',')}}`
}

/** FNV-1a over a string's UTF-16 units, from `hash`: cheap, and the same on every run. */
function fnv(text: string, hash: number): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash
}

/** The file a bucket's reference names (a pack's, for a slice of one). */
export function bucketFile(ref: string): string {
  return ref.split('@')[0]!
}

/** A bucket's text, checked against the hash its reference gives. */
function readBucket(dir: string, ref: string): string {
  const slice = /^(.+)@(\d+)\+(\d+)#([0-9a-f]{16})$/.exec(ref)
  const file = join(dir, bucketFile(ref))
  let text: string
  try {
    if (slice) {
      const bytes = Buffer.alloc(Number(slice[3]))
      const fd = openSync(file, 'r')
      try {
        if (readSync(fd, bytes, 0, bytes.length, Number(slice[2])) !== bytes.length) throw new UnreadableBucket(`${ref} is cut short`)
      } finally {
        closeSync(fd)
      }
      text = bytes.toString('utf8')
    } else text = readFileSync(file, 'utf8')
  } catch (error) {
    if (error instanceof UnreadableBucket) throw error
    throw new UnreadableBucket(`${file} cannot be read`)
  }
  const expected = slice ? slice[4] : /-([0-9a-f]{16})\.json$/.exec(ref)?.[1]
  if (hashOf(text).slice(0, 16) !== expected) throw new UnreadableBucket(`${ref} is not what its name says`)
  return text
}
