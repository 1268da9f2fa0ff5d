import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cacheEntry, cacheKindDir, keepNewest } from '../../../compiler/cache/cache-file.ts'
import { isAlive } from '../../../compiler/threads/process-alive.ts'

export interface BuildFolder {
  /** Where the tree goes. */
  dir: string
  /** The folder's own git index (git/tree.ts's syncFolderToTree). */
  index: string
  /** Done with it: the project's folder keeps its tree and the site built from it for the next publish; a folder of this publish's own goes. */
  release: () => void
}

/** Projects whose publish folders are kept (a test's copies beside the real one); the others go, unless used in the last 15 minutes. */
const kept = 4
const youngerKeptMs = 15 * 60_000

/**
 * Where a publish builds the tree it will publish: the same folder for a
 * project each time (under its node_modules/.cache, which only its user can
 * write, never a name in /tmp that anyone could make first), kept between
 * publishes with the tree it last held and the site built from it. The next
 * publish rewrites only the files that changed (syncFolderToTree), so its
 * build finds the caches the last one left (kept by folder, and keyed by
 * the files' bytes and times: cache/page-cache.ts), reads and checks again
 * only the pages that changed and draws only those. In a new folder each
 * time, a publish built the whole site again, most of its time at 10,000
 * pages (docs/measurements.md, "The studio's waits"). Held by a lock file
 * naming the process: a folder another live
 * process holds is left to it, and this publish builds in one of its own.
 */
export function takeBuildFolder(root: string): BuildFolder {
  const home = cacheEntry(root, 'publish-tree', root)
  mkdirSync(home, { recursive: true })
  keepNewest(cacheKindDir(root, 'publish-tree'), kept, youngerKeptMs)
  const lock = join(home, 'lock')
  if (!claim(lock)) {
    const own = mkdtempSync(join(tmpdir(), 'publish-build-'))
    return { dir: join(own, 'tree'), index: join(own, 'index'), release: () => rmSync(own, { recursive: true, force: true }) }
  }
  return { dir: join(home, 'tree'), index: join(home, 'index'), release: () => rmSync(lock, { force: true }) }
}

/** Whether this process now holds `lock`: made anew, or taken over from a process that ended without giving it up. */
function claim(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false
  }
  const holder = Number(readFileSync(lock, 'utf8'))
  // Held by this process (a publish under way here) or by another that still runs.
  if (holder === process.pid || (holder > 0 && isAlive(holder))) return false
  writeFileSync(lock, String(process.pid))
  // Two processes taking over at once: the one whose number the lock holds has it.
  return Number(readFileSync(lock, 'utf8')) === process.pid
}
