import { randomBytes } from 'node:crypto'
import { type Stats, chmodSync, closeSync, constants, fstatSync, fsyncSync, linkSync, lstatSync, openSync, readFileSync, realpathSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Reading and writing an author's files (pages, by the studio, new-page and
 * migrate): never through a link, never from a FIFO or a device, never half
 * written.
 */

/** A write refused before anything was written: the target is a link, a folder, a FIFO… */
export class NotAPlainFile extends Error {
  constructor(readonly path: string, readonly kind: string) {
    super(`${path} is ${kind}, not a plain file; nothing was written.`)
    this.name = 'NotAPlainFile'
  }
}

/** What a non-regular directory entry is, in words. */
export function entryKind(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a link'
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a pipe (FIFO)'
  if (stats.isSocket()) return 'a socket'
  return 'a device'
}

/** Files a write left behind when it was killed: hidden, and not .yaml, so no route and no media. */
export const isTempFile = (name: string) => /^\..+\.[0-9a-f]{8}\.tmp$/.test(name)

/**
 * Write a whole file so that a reader, a kill, a crash or a full disk at any
 * moment sees the old file or the new one, never an empty or partial one:
 * the bytes go to a temporary file in the target's real folder, are synced,
 * and the temporary file is renamed over the target (one atomic step on
 * POSIX file systems). The folder's real path is used so the temporary file
 * and the target are on the same file system, and a link or anything but a
 * plain file at the target is refused before a byte is written: replacing a
 * link would silently change what it pointed at.
 *
 * With `exclusive`, an existing file is never replaced (EEXIST), as
 * writeFileSync's "wx" flag does, still without a partial file ever showing.
 * With `mode`, the file has that mode from its first byte; without, it keeps
 * the mode of the file it replaces (a new one 0644, less the umask).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { exclusive?: boolean; mode?: number } = {}): void {
  const folder = realpathSync(dirname(path))
  const target = join(folder, basename(path))
  const existing = lstatSync(target, { throwIfNoEntry: false })
  if (existing && !existing.isFile()) throw new NotAPlainFile(path, entryKind(existing))
  if (existing && options.exclusive) throw Object.assign(new Error(`${path} already exists`), { code: 'EEXIST' })
  const temp = join(folder, `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`)
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const mode = options.mode ?? (existing ? existing.mode & 0o7777 : 0o644)
  const fd = openSync(temp, 'wx', mode)
  try {
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    if (existing || options.mode !== undefined) chmodSync(temp, mode)
    // link() fails when the name is taken, so an exclusive write cannot
    // replace a file another process created meanwhile; rename() replaces.
    if (options.exclusive) linkSync(temp, target)
    else renameSync(temp, target)
  } finally {
    unlinkSyncQuiet(temp)
  }
  syncFolder(folder)
}

function unlinkSyncQuiet(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already renamed into place
  }
}

/** The rename itself reaches the disk only when the folder is synced (best effort: not every system allows it). */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    // a folder that cannot be opened for sync still holds the renamed file
  }
}

/**
 * A plain file's bytes, or NotAPlainFile. Opened without following a link
 * and without waiting: a FIFO put where a page was would otherwise block the
 * reading process (the studio's only thread) until something writes to it.
 */
export function readPlainFile(path: string): Buffer {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new NotAPlainFile(path, 'a link')
    throw error
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) throw new NotAPlainFile(path, entryKind(stats))
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}
