import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { linkOrCopy } from '../cache/cache-file.ts'

/**
 * public/'s files into a build's site folder, beside the bundle.
 *
 * They are not part of the bundle: with them in it, the bundle's key changed
 * with every picture an author uploaded, and the next build bundled again,
 * a cost at any number of pages (docs/measurements.md, "The kept bundle").
 * Vite copies none (vite-config.ts);
 * this puts each one in place, the way Vite did: a file the bundle already
 * has at that path stays the bundle's, and `written` (the pages, sitemap and
 * robots.txt the build writes next) are left to the build.
 *
 * `media` is public/'s files as the pages were checked against them (a
 * link inside public/ gives its target's bytes; one leading out of it
 * stopped the check). Each is linked from the site being replaced
 * (`liveDir`) when that site has the same bytes at the same path, else
 * copied: never linked to public/ itself, where an author's file changed
 * in place would change the live site before any build.
 */
export function placePublicFiles(media: ReadonlyMap<string, string>, siteDir: string, liveDir: string, written: ReadonlySet<string>): void {
  for (const [url, source] of media) {
    const name = url.slice(1)
    const target = join(siteDir, name)
    if (written.has(name) || statSync(target, { throwIfNoEntry: false })) continue
    mkdirSync(dirname(target), { recursive: true })
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
