import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../site/plain-files.ts'

/**
 * A kept file put into a new build (a kept bundle's, a page the live site
 * has already): hard-linked, which costs no copy, or copied where a link
 * cannot be made (another file system). Returns whether it was linked.
 */
export function linkOrCopy(source: string, target: string): boolean {
  try {
    linkSync(source, target)
    return true
  } catch {
    copyFileSync(source, target)
    return false
  }
}

/** The folder of one kind of cache the build keeps between runs: node_modules/.cache/<kind>/. */
export function cacheKindDir(root: string, kind: string): string {
  return join(root, 'node_modules', '.cache', kind)
}

/**
 * One project copy's entry in a kind's folder, without an extension: one per
 * copy (`identity`, the folders it is for), since a test's or the bench's
 * copy shares node_modules with the real project.
 */
export function cacheEntry(root: string, kind: string, ...identity: string[]): string {
  const name = createHash('sha256').update(identity.join('\0')).digest('hex').slice(0, 16)
  return join(cacheKindDir(root, kind), name)
}

/** A cache kept as one JSON file per project copy (see cacheEntry). */
export function cacheFile(root: string, kind: string, ...identity: string[]): string {
  return `${cacheEntry(root, kind, ...identity)}.json`
}

/** What a cache file holds, if it can be read and `holds` accepts it (its format and key); undefined otherwise, and the cache is discarded. */
export function readCacheFile<T>(file: string, holds: (saved: T) => boolean): T | undefined {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as T
    return holds(saved) ? saved : undefined
  } catch {
    return undefined
  }
}

/** Write a cache file whole (a temporary file renamed into place), then keep only the `kept` newest of its folder. */
export function writeCacheFile(file: string, value: unknown, kept: number): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileAtomic(file, JSON.stringify(value))
  keepNewest(dirname(file), kept)
}

/**
 * Remove the files of `folder` that `unnamed` picks (data no index names
 * any more, temporary files) once they are `keptMs` old: until then a run
 * that read the index before it was replaced may yet read them.
 */
export function removeUnnamed(folder: string, unnamed: (name: string) => boolean, keptMs: number): void {
  const before = Date.now() - keptMs
  for (const name of readdirSync(folder)) {
    if (!unnamed(name)) continue
    const at = statSync(join(folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (at < before) rmSync(join(folder, name), { force: true })
  }
}

/**
 * Remove all but the `kept` most recently written entries (files, or folders
 * of files) of a folder, and of those only the ones written over `youngerKeptMs`
 * ago: one written since may still be read by a run that opened it (a build
 * of another copy of the project, or a test's, reading its page cache's data).
 */
export function keepNewest(folder: string, kept: number, youngerKeptMs = 0): void {
  const files = readdirSync(folder).map((name) => ({ name, at: statSync(join(folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
  const before = Date.now() - youngerKeptMs
  for (const { name, at } of files.sort((a, b) => b.at - a.at).slice(kept)) if (at < before) rmSync(join(folder, name), { recursive: true, force: true })
}

/**
 * A cache file written whole (a temporary file renamed into place) but not
 * synced to the disk: for a file whose reader can tell it was cut short by
 * a crash (its name gives its content's hash, or it is one JSON value) and
 * then reads the pages again. Syncing each file would slow a run that
 * writes thousands of them (docs/measurements.md, "The compiler's caches").
 */
export function writeUnsynced(path: string, text: string): void {
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, path)
}
