import { closeSync, fstatSync, openSync, readFileSync, statSync, type Stats } from 'node:fs'
import { createHash } from 'node:crypto'

/** A page file's content hash and time, and who the file was when it was hashed. */
export interface FileFacts {
  /**
   * The hash of the file's path and bytes: a page moved to the other file of
   * its route (x.yaml to x/index.yaml) with the same bytes and time is read
   * again, so its problems name the file it is in now.
   */
  hash: string
  modified: number
  /**
   * The file's device, inode, size, modification and change times when it
   * was hashed: the next run that finds all five the same takes the hash
   * without reading the file. Absent when the file had changed too lately
   * to be sure of (see settledMs).
   */
  stat?: string
}

/**
 * How long a file must have been left alone before its stat stands for its
 * content. A write within the same tick of the file system's clock as the
 * hashing could change the bytes and keep every time (git's "racy" files):
 * a file changed this lately is read again next time, until it is older.
 */
export const settledMs = 2000

/**
 * A page file's facts, from what the last run kept of it when the file is
 * still the one that was hashed, or by reading it.
 *
 * Hashing every page is most of a check after one page's edit (opening,
 * reading and hashing a file cost several times its stat:
 * docs/measurements.md, "The compiler's caches"), so
 * an unchanged file is known by its stat, as git knows its index's files.
 * The cache is still keyed by content hashes; the stat only says a file is
 * the one whose hash was taken. Times alone are never trusted (cp -a, rsync
 * and `touch -r` give changed files old ones): the change time, which no
 * program can set, is part of the stat, so is the inode a copy changes.
 */
export function fileFacts(path: string, kept?: FileFacts, now = Date.now()): FileFacts {
  if (kept?.stat && currentStat(path) === kept.stat) return kept
  return readWithFacts(path, now)?.facts ?? unreadableFacts
}

/** The facts of a file that could not be read (removed since it was listed): it counts as the newest, and nothing is kept of it. */
export const unreadableFacts: FileFacts = Object.freeze({ hash: 'unreadable', modified: Infinity })

/**
 * A file's bytes with their facts, from one opening: the hash is of the
 * very bytes returned. A page is read for its check this way, so what the
 * page cache keeps of it is always the outcome of the bytes its hash names:
 * facts taken before a read, by another opening, named the bytes before a
 * write made meanwhile (an editor saving while a build reads), and when the
 * file was put back to them, the next build served the outcome of the
 * bytes in between. Undefined when the file cannot be read.
 */
export function readWithFacts(path: string, now = Date.now()): { bytes: Buffer; facts: FileFacts } | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    // The stat is taken before the bytes are read: a write after it changes the change time, so the stat kept will not match.
    const stats = fstatSync(fd)
    const bytes = readFileSync(fd)
    return { bytes, facts: { hash: fileHash(path, bytes), modified: stats.mtimeMs, ...(stats.ctimeMs < now - settledMs ? { stat: statOf(stats) } : {}) } }
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Facts that match no file: for a page whose bytes checked were not those
 * read (written in between, at 100,000 pages, where a page is read again to
 * be checked), so the next run reads it again.
 */
export function changedWhileRead(modified: number): FileFacts {
  return { hash: 'changed while read', modified }
}

/** FileFacts' hash: of the file's path and its bytes. */
export function fileHash(path: string, bytes: string | Uint8Array): string {
  return createHash('sha256').update(path).update('\0').update(bytes).digest('hex')
}

/** A file's stat as facts keep it (undefined if it is gone): the same string means the same file, unchanged. */
export function currentStat(path: string): string | undefined {
  const stats = statSync(path, { throwIfNoEntry: false })
  return stats && statOf(stats)
}

function statOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
}
