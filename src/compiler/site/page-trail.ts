import type { Site } from '../../generated/schema-types.ts'
import type { Crumb } from '../../prerender/structured-data.ts'
import { eachText } from '../schema/page-rules.ts'
import type { LoadedPage } from './page-share.ts'

/**
 * Each page's place in the site, as a trail from the home page: the home
 * page, then the page a header menu names that links to it (an audience's
 * hub, for its detail pages), then the page itself. A page the menus name,
 * or one no such page links to, hangs from the home page.
 *
 * Only the pages the header names are read (a dozen, whatever the site's
 * size), so the cost per page stays flat.
 */
export function pageTrails(pages: readonly LoadedPage[], site: Site, addressOf: (route: string) => string): (route: string) => Crumb[] {
  const byRoute = new Map(pages.map((page) => [page.route, page]))
  const named = [...site.header.menus.flatMap((menu) => menu.links), ...site.header.links].map((link) => link.href).filter((href) => byRoute.has(href) && href !== '/')
  const parentOf = new Map<string, string>()
  for (const hub of new Set(named)) {
    eachText(byRoute.get(hub)!.page.blocks, [], (text) => {
      if (byRoute.has(text) && text !== hub && text !== '/' && !named.includes(text) && !parentOf.has(text)) parentOf.set(text, hub)
    })
  }
  const crumb = (route: string): Crumb => ({ name: route === '/' ? site.brand : byRoute.get(route)!.title, url: addressOf(route) })
  return (route) => {
    const home = byRoute.has('/') ? [crumb('/')] : []
    if (route === '/' || !byRoute.has(route)) return home
    const parent = parentOf.get(route)
    return [...home, ...(parent ? [crumb(parent)] : []), crumb(route)]
  }
}
