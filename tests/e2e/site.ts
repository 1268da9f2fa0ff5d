import { join } from 'node:path'
import { documentTitle } from '../../src/app/head'
import { loadSite, projectPaths } from '../../src/compiler/site/load-site'

export { hydrated, watchConsole } from './console'

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
  heading: page.blocks.find((b) => b.type === 'hero')?.title,
}))
