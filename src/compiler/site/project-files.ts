import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs'
import { normalize, sep } from 'node:path'

/** A symbolic link the walk did not follow, and why. */
export interface SkippedLink {
  /** Absolute path of the link itself (never of its target). */
  path: string
  why: 'outside' | 'loop' | 'dangling'
}

export interface FileWalk {
  /** Every regular file, by the path it has under the walked folder (a followed link keeps its own name). */
  files: string[]
  links: SkippedLink[]
}

/**
 * Every file under `dir`, sorted, reached without leaving it. A symbolic
 * link is followed only when its real target lies inside one of `inside`
 * (by default the walked folder itself, by its real path); any other link
 * (to /etc/passwd, to ../.env, to a folder outside, a loop, a link to
 * nothing) is returned in `links`, unread, so nothing outside is ever read,
 * printed or published. A folder reached twice through links is walked once.
 */
export function walkFiles(dir: string, inside: readonly string[] = [dir]): FileWalk {
  const walk: FileWalk = { files: [], links: [] }
  const roots = inside.flatMap((path) => {
    try {
      return [realpathSync(path)]
    } catch {
      return []
    }
  })
  const within = (real: string) => roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep))
  const seen = new Set<string>()
  const visit = (folder: string) => {
    let real: string
    try {
      real = realpathSync(folder)
    } catch {
      return
    }
    if (seen.has(real)) return
    seen.add(real)
    let entries: Dirent[]
    try {
      // With their types: the listing says what each entry is (Node asks
      // lstat itself where a file system does not), so a folder of 10,000
      // pages costs no 10,000 lstat calls.
      entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    } catch {
      return // a folder that cannot be listed holds nothing the site can use
    }
    // Names joined as text: path.join, which normalizes, was a large part of a walk of 10,000 pages (docs/measurements.md, "Loading and checking the site").
    const prefix = folder.endsWith(sep) ? folder : folder + sep
    for (const own of entries) {
      const path = prefix + own.name
      if (own.isSymbolicLink()) {
        let target: string
        try {
          target = realpathSync(path)
        } catch (error) {
          walk.links.push({ path, why: (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'loop' : 'dangling' })
          continue
        }
        if (!within(target)) {
          walk.links.push({ path, why: 'outside' })
          continue
        }
        const kind = statSync(target, { throwIfNoEntry: false })
        if (kind?.isDirectory()) {
          if (seen.has(target)) walk.links.push({ path, why: 'loop' })
          else visit(path)
        } else if (kind?.isFile()) walk.files.push(path)
      } else if (own.isDirectory()) visit(path)
      else if (own.isFile()) walk.files.push(path)
    }
  }
  visit(normalize(dir))
  return walk
}
