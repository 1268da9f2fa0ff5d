import { closeSync, fstatSync, openSync, readFileSync, statSync, type Stats } from 'node:fs'
import { hashOf } from './content-hash.ts'

/** A page file's content hash and time, and who the file was when it was hashed. */
export interface FileFacts {
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
 * Hashing every page is most of a check after one page's edit (at 10,000
 * pages, 140 ms of opening, reading and hashing against 30 ms of stat), so
 * an unchanged file is known by its stat, as git knows its index's files.
 * The cache is still keyed by content hashes; the stat only says a file is
 * the one whose hash was taken. Times alone are never trusted (cp -a, rsync
 * and `touch -r` give changed files old ones): the change time, which no
 * program can set, is part of the stat, so is the inode a copy changes.
 */
export function fileFacts(path: string, kept?: FileFacts, now = Date.now()): FileFacts {
  if (kept?.stat && currentStat(path) === kept.stat) return kept
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    // The stat is taken before the bytes are read: a write after it changes the change time, so the stat kept will not match.
    const stats = fstatSync(fd)
    const hash = hashOf(readFileSync(fd))
    return { hash, modified: stats.mtimeMs, ...(stats.ctimeMs < now - settledMs ? { stat: statOf(stats) } : {}) }
  } catch {
    // Removed since it was listed: it counts as the newest, and nothing is kept of it.
    return { hash: 'unreadable', modified: Infinity }
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** A file's stat as facts keep it (undefined if it is gone): the same string means the same file, unchanged. */
export function currentStat(path: string): string | undefined {
  const stats = statSync(path, { throwIfNoEntry: false })
  return stats && statOf(stats)
}

function statOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
}
