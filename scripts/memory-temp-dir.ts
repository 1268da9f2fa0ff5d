import { accessSync, constants, mkdtempSync, statfsSync } from 'node:fs'
import { join } from 'node:path'

/** What statfs calls a tmpfs (linux/magic.h's TMPFS_MAGIC). */
export const tmpfsType = 0x01021994

/** Where Linux keeps a tmpfs for every user. */
const sharedMemory = '/dev/shm'

/**
 * A new folder in memory for the tests' temporary files, or undefined where
 * there is none to use: `/dev/shm` must be a tmpfs this user can write,
 * with at least `minFreeBytes` free.
 *
 * Why: the tests make thousands of temporary projects, git repositories,
 * builds and browser profiles. On this project's 2-core machines /tmp is
 * on the disk, and a third of the tests' CPU time was the kernel's: in
 * memory, both stages of npm test ran faster, the browser tests by about a
 * fifth (docs/measurements.md, "npm test, stage by stage"). The files are
 * the same files either way: only where they live changes.
 */
export function memoryTempDir(minFreeBytes: number, root = sharedMemory): string | undefined {
  // statfs of a folder that is not there throws, as does a full or unwritable one.
  try {
    const fs = statfsSync(root)
    if (fs.type !== tmpfsType || fs.bavail * fs.bsize < minFreeBytes) return undefined
    accessSync(root, constants.W_OK)
    return mkdtempSync(join(root, 'fieldwork-tests-'))
  } catch {
    return undefined
  }
}
