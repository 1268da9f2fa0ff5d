import { join } from 'node:path'
import { documentTitle } from '../../src/app/head'
import { loadSite, projectPaths } from '../../src/compiler/index'
import type { Block } from '../../src/generated/schema-types'

export { hydrated, isHydrated, watchConsole } from './console'

const loaded = loadSite(projectPaths(join(import.meta.dirname, '..', '..')))
if (loaded.problems.length || !loaded.site) throw new Error('pages/ has problems; run npm run check')

/** The header and footer settings (pages/_site.yaml). */
export const site = loaded.site

/** Every page's route and content. */
export const pages = loaded.pages

/** Every route with the document title and headline it must show. */
export const routes = loaded.pages.map(({ route, page }) => ({
  route,
  title: documentTitle(page.title, loaded.site!.brand),
  page,
  heading: page.blocks.find((b) => b.type === 'hero')?.title,
}))

/** The site settings (menus, footer) as pages/_site.yaml holds them. */
export const siteSettings = loaded.site

/** A route's blocks as its page file lists them; none for a route that is not a page (a card may link anywhere). */
export function blocksOf(route: string): Block[] {
  return loaded.pages.find((p) => p.route === route)?.page.blocks ?? []
}

/** The section headings of a route's blocks below the hero, as its h2s show them: an intro's title, and every other block's heading. */
export function sectionHeadings(route: string): string[] {
  return blocksOf(route).flatMap((b) => {
    if (b.type === 'intro') return [b.title]
    return 'heading' in b && typeof b.heading === 'string' ? [b.heading] : []
  })
}

/** The first block of `type` on a route, with its fields: tests read the words they check from here. */
export function blockOn<T = Record<string, any>>(route: string, type: string): T {
  const page = loaded.pages.find((p) => p.route === route)
  const block = page?.page.blocks.find((b) => b.type === type)
  if (!block) throw new Error(`${route} has no "${type}" block`)
  return block as T
}
