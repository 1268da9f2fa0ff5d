/**
 * Pure mapping between files under pages/ and the routes they make.
 * pages/index.yaml -> "/", pages/b2b/retail.yaml -> "/b2b/retail",
 * pages/b2b/index.yaml -> "/b2b". A segment starting with "_" is not a route.
 */
/** The block catalogue's address, served by the app (src/app/routes.tsx) in the dev server and the studio only, never in the production build. */
export const catalogueRoute = '/blocks'

/** Addresses the site itself uses, which no file under pages/ may take, with what uses them. */
export const reservedRoutes: ReadonlyMap<string, string> = new Map([[catalogueRoute, 'the block catalogue']])

/** The files under pages/ that hold no page: the site's settings (header and footer) and its shared blocks. */
export const siteFile = '_site.yaml'
export const sharedFile = '_shared.yaml'

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9-]*$/

export type RouteOf =
  | { kind: 'route'; route: string }
  | { kind: 'private' }
  | { kind: 'invalid'; segment: string }
  | { kind: 'ignored' }

export function routeFromFile(relativePath: string): RouteOf {
  const path = relativePath.replace(/\\/g, '/')
  if (!/\.ya?ml$/.test(path)) return { kind: 'ignored' }
  const segments = path.replace(/\.ya?ml$/, '').split('/')
  if (segments.some((s) => s.startsWith('_'))) return { kind: 'private' }
  if (segments[segments.length - 1] === 'index') segments.pop()
  const bad = segments.find((s) => !segmentPattern.test(s))
  if (bad !== undefined) return { kind: 'invalid', segment: bad }
  return { kind: 'route', route: `/${segments.join('/')}` }
}

/** Where the prerendered HTML of a route lives inside dist/. */
export function htmlPathOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`
}

/**
 * Where a route's page data lives inside dist/ (and is fetched from, by the
 * app, when a visitor moves to that page). Under a folder starting with "_",
 * which no route can use.
 */
export function pageDataPathOf(route: string): string {
  return route === '/' ? `${pageDataDir}/index.json` : `${pageDataDir}${route}.json`
}

export const pageDataDir = '_data'

/** The route of an address's path ("/b2b/smes/" -> "/b2b/smes"), or undefined when no file under pages/ could make it. */
export function routeOfPath(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean)
  return segments.every((s) => segmentPattern.test(s)) ? `/${segments.join('/')}` : undefined
}

/** The route whose data is at this address's path ("/_data/b2b/smes.json" -> "/b2b/smes"), if it is one. */
export function routeOfDataPath(pathname: string): string | undefined {
  const match = new RegExp(`^/${pageDataDir}(/.+)\\.json$`).exec(pathname)
  if (!match) return undefined
  return match[1] === '/index' ? '/' : routeOfPath(match[1]!)
}

/** The file a new route would be written to, relative to pages/. */
export function fileOfRoute(route: string): string {
  return route === '/' ? 'index.yaml' : `${route.slice(1)}.yaml`
}

/** The folder of dist/ that holds the bundled scripts and styles (Vite's assetsDir); no page may take its address. */
export const assetsDir = 'assets'

/** Folders the build writes into dist/ itself: no page may live in them (pages/assets.yaml would land among the hashed bundles). */
export const reservedFolders: ReadonlyMap<string, string> = new Map([[`/${assetsDir}`, `the site's scripts and styles (dist/${assetsDir}/)`]])
