import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { linkOrCopy } from '../cache/cache-file.ts'

/**
 * public/'s files into a build's site folder, beside the bundle.
 *
 * They are not part of the bundle: with them in it, the bundle's key changed
 * with every picture an author uploaded, and the next build bundled again
 * (0.7-0.8 s, at any number of pages). Vite copies none (vite-config.ts);
 * this puts each one in place, the way Vite did: a file the bundle already
 * has at that path stays the bundle's, and `written` (the pages, sitemap and
 * robots.txt the build writes next) are left to the build.
 *
 * Each file is linked from the site being replaced (`liveDir`) when that
 * site has the same bytes at the same path, else copied: never linked to
 * public/ itself, where an author's file changed in place would change the
 * live site before any build, and never linked where the build writes.
 */
export function placePublicFiles(publicDir: string, siteDir: string, liveDir: string, written: ReadonlySet<string>): void {
  let entries
  try {
    entries = readdirSync(publicDir, { withFileTypes: true, recursive: true })
  } catch {
    // No public/: nothing to place.
    return
  }
  for (const entry of entries) {
    const source = join(entry.parentPath, entry.name)
    const name = relative(publicDir, source).split('\\').join('/')
    const target = join(siteDir, name)
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true })
      continue
    }
    if (!entry.isFile() || written.has(name) || statSync(target, { throwIfNoEntry: false })) continue
    mkdirSync(join(target, '..'), { recursive: true })
    const live = join(liveDir, name)
    if (sameBytes(source, live)) linkOrCopy(live, target)
    else copyFileSync(source, target)
  }
}

/** Whether two files hold the same bytes (false when the second is missing). */
function sameBytes(a: string, b: string): boolean {
  const other = statSync(b, { throwIfNoEntry: false })
  if (!other?.isFile() || other.size !== statSync(a).size) return false
  return readFileSync(a).equals(readFileSync(b))
}
