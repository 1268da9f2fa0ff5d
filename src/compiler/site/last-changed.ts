import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { relative, sep } from 'node:path'

/**
 * When each page file last changed, for the sitemap's lastmod: the date of
 * the last commit that touched it, or its file's own time when it has
 * changes not committed yet (or the project is not a git repository: a
 * fresh clone's file times are the clone's, so git is asked first).
 *
 * One `git log` over the pages folder for every page, not one a page: at
 * 100,000 pages a git process each would take minutes. Its cost grows with
 * the history's length; the first date met for a file, newest first, is its
 * last change.
 */
export function lastChanged(root: string, pagesDir: string, files: readonly string[]): Map<string, Date> {
  const dates = new Map<string, Date>()
  const folder = relative(root, pagesDir).split(sep).join('/')
  const git = (args: string[]) => spawnSync('git', ['-C', root, '-c', 'core.quotePath=false', ...args], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 })
  // Paths as the project names them, when the project is a folder inside a larger repository.
  const log = git(['log', '--format=%x00%cI', '--name-only', '--no-renames', '--relative', '--', folder])
  const uncommitted = git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', folder])
  const prefix = git(['rev-parse', '--show-prefix'])
  if (log.status === 0 && uncommitted.status === 0 && prefix.status === 0) {
    let date: Date | undefined
    for (const line of log.stdout.split('\n')) {
      if (line.startsWith('\0')) date = new Date(line.slice(1))
      else if (line && date && !dates.has(line)) dates.set(line, date)
    }
    // "XY path" entries, NUL-separated; a rename's entry is followed by its old path.
    for (const entry of uncommitted.stdout.split('\0')) if (entry.length > 3) dates.delete(entry.slice(3).slice(prefix.stdout.trim().length))
  }
  const byFile = new Map<string, Date>()
  for (const file of files) {
    const path = relative(root, file).split(sep).join('/')
    const date = dates.get(path) ?? statSync(file, { throwIfNoEntry: false })?.mtime
    if (date) byFile.set(file, date)
  }
  return byFile
}
