import type { MediaFile } from '../shared/api.ts'

/**
 * Whether a picture or video matches what the author typed: every word of
 * it, in any case, at the start of a word of the file's name, of a
 * description a page gives it, or of a page that shows it ("van" finds the
 * picture whose alt text says "a van at the depot"). A short word (three
 * letters or fewer) must be a whole word: "car" finds cars, not care.
 */
export function matchesMedia(media: MediaFile, search: string): boolean {
  const wanted = wordsOf(search)
  if (!wanted.length) return true
  const words = wordsOf([media.path, ...(media.described ?? []), ...(media.usedOn ?? [])].join(' '))
  return wanted.every((want) => words.some((word) => (want.length <= 3 ? word === want || word === `${want}s` : word.startsWith(want))))
}

/** Lower-case words, split at anything but letters and digits ("hero-b2b-automotive.webp" -> hero, b2b, automotive, webp). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

/** A tile's tooltip: the file, what pages say it shows, and where. */
export function mediaTitle(media: MediaFile): string {
  const described = media.described?.filter(Boolean) ?? []
  return [media.path, ...(described.length ? [`Shows: ${described.join('; ')}`] : []), ...(media.usedOn?.length ? [`On: ${media.usedOn.join(', ')}`] : [])].join('\n')
}
