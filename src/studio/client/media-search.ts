import type { MediaFile } from '../shared/api.ts'

/**
 * Whether a picture or video matches what the author typed: every word of
 * it, in any case, found in the file's name, in a description a page gives
 * it, or in a page that shows it ("fleet" finds nothing new, "van" finds
 * the picture whose alt text says "a van").
 */
export function matchesMedia(media: MediaFile, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return true
  const haystack = [media.path, ...(media.described ?? []), ...(media.usedOn ?? [])].join(' ').toLowerCase()
  return words.every((word) => haystack.includes(word))
}

/** A tile's tooltip: the file, what pages say it shows, and where. */
export function mediaTitle(media: MediaFile): string {
  const described = media.described?.filter(Boolean) ?? []
  return [media.path, ...(described.length ? [`Shows: ${described.join('; ')}`] : []), ...(media.usedOn?.length ? [`On: ${media.usedOn.join(', ')}`] : [])].join('\n')
}
