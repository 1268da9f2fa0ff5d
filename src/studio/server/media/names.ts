import { lstatSync } from 'node:fs'
import { join } from 'node:path'

/** Letters NFKD does not take apart into a base letter and a mark. */
const spelled: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }

/** The longest name the import gives a file (before "-2", "-480w", ".webp"). */
export const maxSlugLength = 60

/**
 * A file name from an author's words: "Nurse at a clinic" -> "nurse-at-a-clinic".
 * Accented Latin letters lose their accents; other scripts are dropped, and
 * when nothing is left the name is `fallback`. A name ending like a smaller
 * copy ("-480w") would be listed in another picture's srcset, so it gets a
 * word after it.
 */
export function slugFromWords(words: string, fallback: string): string {
  const latin = words
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => spelled[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  let slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  if (slug.length > maxSlugLength) slug = slug.slice(0, maxSlugLength).replace(/-[^-]*$/, '') || slug.slice(0, maxSlugLength)
  if (!slug) return fallback
  return /-\d+w$/.test(slug) ? `${slug}-${fallback}` : slug
}

/**
 * The first of `slug`, `slug-2`, `slug-3`… for which none of the files
 * `filesFor(name)` names (relative to `publicDir`) exists yet.
 */
export function freeName(publicDir: string, slug: string, filesFor: (name: string) => string[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? slug : `${slug}-${n}`
    if (!filesFor(name).some((file) => lstatSync(join(publicDir, file), { throwIfNoEntry: false }))) return name
  }
}
