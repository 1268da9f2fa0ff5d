/**
 * Changes to any file under a folder, as paths relative to it. One
 * non-recursive watch per folder: the kernel reports a folder's entries
 * being written, created, removed or renamed over, whatever their inode.
 * (Node's recursive watch on Linux watches each file itself, and loses a
 * file once a save replaces it by renaming a new one into place, as every
 * save of the studio's does.)
 *
 * A save is several events (written, renamed into place), so the files are
 * told together once the folders have been quiet for `settleMs`.
 */
import { readdirSync, watch, type FSWatcher } from 'node:fs'
import { join, relative } from 'node:path'

export function watchFolders(root: string, onChanges: (files: ReadonlySet<string>) => void, settleMs: number): { close: () => void } {
  const watchers = new Map<string, FSWatcher>()
  let changed = new Set<string>()
  let settle: NodeJS.Timeout | undefined
  const onChange = (file: string): void => {
    changed.add(file)
    clearTimeout(settle)
    settle = setTimeout(() => {
      const files = changed
      changed = new Set()
      onChanges(files)
    }, settleMs)
  }
  const add = (dir: string): void => {
    if (watchers.has(dir)) return
    let watcher: FSWatcher
    try {
      watcher = watch(dir, (_, name) => {
        if (!name) return
        const path = join(dir, name.toString())
        onChange(relative(root, path).replaceAll('\\', '/'))
        // A new folder (or one moved in) is watched too; a removed one's watch ends with an error, below.
        rescan()
      })
    } catch {
      return
    }
    watcher.on('error', () => {
      watcher.close()
      watchers.delete(dir)
    })
    watchers.set(dir, watcher)
  }
  const scan = (dir: string): void => {
    add(dir)
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) if (entry.isDirectory()) scan(join(dir, entry.name))
  }
  let pending: NodeJS.Timeout | undefined
  const rescan = () => {
    clearTimeout(pending)
    pending = setTimeout(() => scan(root), 50)
  }
  scan(root)
  return {
    close: () => {
      clearTimeout(settle)
      clearTimeout(pending)
      for (const watcher of watchers.values()) watcher.close()
      watchers.clear()
    },
  }
}
