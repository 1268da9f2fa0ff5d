import { spawn } from 'node:child_process'
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { isAlive } from '../threads/process-alive.ts'

/**
 * How a finished build replaces the site at the output path (dist/) without
 * a moment where the path holds no complete site.
 *
 * The output path is a symbolic link to a complete build kept in a versions
 * folder beside it (`.dist-versions/<time>-<pid>`). A new build is finished
 * in a temporary folder beside the output path (same file system, so no
 * EXDEV), renamed into the versions folder, and then a new link replaces the
 * old one with a single rename(2), which is atomic: a reader (nginx, `npm run
 * serve`, a copy) resolves the path to the old site or the new one, never to
 * nothing. The replaced build is kept one round, so a page already loaded can
 * still fetch its hashed chunks; older ones, and whatever a killed build left,
 * are removed by the next build. A version to remove is first renamed into a
 * trash folder beside the others (`.dist-trash/`), one rename, and deleted
 * there by a process of its own: deleting the 10,000 folders of a large site
 * takes over a second, which the build need not wait for.
 *
 * A plain folder at the output path (from before this scheme, or made by
 * hand) is moved into the versions folder once, then replaced by the link;
 * a process killed between those two renames leaves no output path, and
 * `recoverOutput` (run by every build and by `npm run serve`) links the
 * newest complete version back.
 */
export interface OutputPlaces {
  outDir: string
  /** Finished builds, beside the output path. */
  versions: string
  /** Builds in progress, beside the output path: `<pid>-<time>` each. */
  temp: string
  /** Versions no longer kept, being deleted (see removeInBackground). */
  trash: string
}

export function outputPlaces(outDir: string): OutputPlaces {
  const parent = dirname(resolve(outDir))
  const name = basename(outDir)
  return { outDir: resolve(outDir), versions: join(parent, `.${name}-versions`), temp: join(parent, '.build-tmp'), trash: join(parent, `.${name}-trash`) }
}

/** Steps of the swap, named so a test can stop the process at each. */
export type SwapMoment = 'version-ready' | 'plain-folder-moved' | 'linked'

/** Make `built` (a finished site beside the output path) the site at the output path. */
export function swapIn(built: string, places: OutputPlaces, scratch: string, onMoment: (moment: SwapMoment) => void = () => {}): void {
  const now = Date.now()
  mkdirSync(places.versions, { recursive: true })
  const version = join(places.versions, versionName(now, process.pid))
  renameSync(built, version)
  onMoment('version-ready')
  const link = join(scratch, 'link')
  symlinkSync(relative(dirname(places.outDir), version), link)
  const before = lstatOrUndefined(places.outDir)
  if (before?.isDirectory()) {
    // rename(2) cannot put a link over a folder: move the folder aside first.
    // Named just older than the new build, so it counts as the previous one.
    renameSync(places.outDir, join(places.versions, versionName(now - 1, process.pid)))
    onMoment('plain-folder-moved')
  }
  renameSync(link, places.outDir)
  onMoment('linked')
  removeLeftovers(places)
}

/**
 * If the output path is missing or its link leads nowhere (a build was killed
 * between two renames, or the current version was deleted by hand), link the
 * newest complete version back. Returns whether it did.
 */
export function recoverOutput(places: OutputPlaces): boolean {
  const current = lstatOrUndefined(places.outDir)
  if (current && (!current.isSymbolicLink() || existsFollowing(places.outDir))) return false
  const newest = listVersions(places.versions).at(-1)
  if (!newest) return false
  const link = join(places.versions, `.link-${process.pid}`)
  rmSync(link, { force: true })
  symlinkSync(relative(dirname(places.outDir), join(places.versions, newest.name)), link)
  renameSync(link, places.outDir)
  return true
}

/**
 * Remove what no live build needs: temporary folders of processes that are
 * gone, and every version except the current one, the one just before it,
 * and those of other builds still running (one may be about to link its own).
 */
export function removeLeftovers(places: OutputPlaces): void {
  removeDeadTemps(places.temp)
  const versions = listVersions(places.versions)
  const current = currentVersion(places)
  const index = versions.findIndex((v) => v.name === current)
  const keep = new Set([current, index > 0 ? versions[index - 1]!.name : undefined])
  const discarded = versions.filter((version) => !keep.has(version.name) && (version.pid === process.pid || !isAlive(version.pid)))
  if (!discarded.length && !safeReaddir(places.trash).length) return
  mkdirSync(places.trash, { recursive: true })
  for (const version of discarded) renameSync(join(places.versions, version.name), join(places.trash, `${version.name}-${process.pid}`))
  removeInBackground(places.trash)
}

/**
 * Delete everything in `trash`, then the folder itself if it is empty, in a
 * detached process the build does not wait for. What it has not deleted when
 * it is stopped (the machine shut down) is handed to the next one by the
 * next build; two at once only find some entries already gone.
 */
function removeInBackground(trash: string): void {
  const script = `const { readdirSync, rmSync, rmdirSync } = require('node:fs'); const { join } = require('node:path'); const dir = process.argv[1]
try { for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true, maxRetries: 3 }); rmdirSync(dir) } catch {}`
  spawn(process.execPath, ['-e', script, trash], { detached: true, stdio: 'ignore' }).unref()
}

/** Remove the `<pid>-<time>` folders in `temp` whose process is gone. */
export function removeDeadTemps(temp: string): void {
  for (const name of safeReaddir(temp)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1])
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(join(temp, name), { recursive: true, force: true })
  }
}

/** The version folder the output path links to, if it is one. */
function currentVersion(places: OutputPlaces): string | undefined {
  try {
    const target = resolve(dirname(places.outDir), readlinkSync(places.outDir))
    return dirname(target) === places.versions ? basename(target) : undefined
  } catch {
    return undefined
  }
}

function versionName(time: number, pid: number): string {
  return `${String(time).padStart(15, '0')}-${pid}`
}

/** Complete versions, oldest first (names sort by time). */
function listVersions(dir: string): { name: string; pid: number }[] {
  return safeReaddir(dir)
    .map((name) => ({ name, pid: Number(/^\d{15}-(\d+)$/.exec(name)?.[1]) }))
    .filter((v) => v.pid > 0)
    .sort((a, b) => (a.name < b.name ? -1 : 1))
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

function existsFollowing(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}
