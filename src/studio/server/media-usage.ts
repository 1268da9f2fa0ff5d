import { visitMedia, type LoadedPage } from '../../compiler/index.ts'

/** Where the site uses one picture or video, and the words its pages describe it with. */
export interface MediaUsage {
  routes: Set<string>
  alts: Set<string>
}

/**
 * Every picture and video the pages use, by path: the routes that show it
 * and the alt texts they give it, so an author can find a picture by what
 * it shows or where it is, not only by its file name.
 */
export function mediaUsage(pages: readonly LoadedPage[]): Map<string, MediaUsage> {
  const usage = new Map<string, MediaUsage>()
  const note = (path: string, route: string, alt?: string) => {
    let entry = usage.get(path)
    if (!entry) usage.set(path, (entry = { routes: new Set(), alts: new Set() }))
    entry.routes.add(route)
    if (alt) entry.alts.add(alt)
  }
  for (const { route, page } of pages) {
    visitMedia(page.blocks, {
      image: ({ src, alt }) => note(src, route, alt),
      video: ({ webm, mp4 }) => (note(webm, route), note(mp4, route)),
    })
  }
  return usage
}
