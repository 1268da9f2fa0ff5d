import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join, relative, resolve, sep } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { addImageSizes, authorMedia, listMedia } from '../site/public-media.ts'
import { loadSiteOnCores, type LoadedPage, type LoadedSite } from '../site/load-site.ts'
import { projectPaths, siteFile, type ProjectPaths } from '../site/project-paths.ts'
import { buildCatalogue } from '../codegen/catalogue.ts'
import { codeFrame, formatProblems, type Problem } from '../problems/problems.ts'
import { blockLoadersSource, componentsExport, dataExpression } from './module-source.ts'
import { routeFromFile, routeOfDataPath } from '../../shared/routes.ts'
import { reloadPage } from '../site/reload-page.ts'
import { watchFolders } from '../site/watch-folders.ts'

/** How long pages/ is quiet before a save is acted on (a save is several events). */
const settleMs = 20

/**
 * What Vite's file watcher leaves alone: everything but what the site is
 * made of (src/, schema/, public/, index.html) and the files Vite restarts
 * on (its config, tsconfig, package files, .env). A built site is not made
 * of: at 10,000 pages dist/ and its kept versions hold tens of thousands of
 * folders, and the watcher going through them kept a saved page from being
 * served for up to a second. pages/ is watched by this plugin alone (below).
 */
function notWatchedByVite(root: string): (path: string) => boolean {
  const madeOf = new Set(['src', 'schema', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'])
  return (path) => {
    const inRoot = relative(root, path)
    if (!inRoot || inRoot.startsWith('..')) return false
    const top = inRoot.split(sep)[0]!
    return !(madeOf.has(top) || top.startsWith('tsconfig') || top.startsWith('.env'))
  }
}

export interface PagesPluginOptions {
  /** Project root holding pages/, schema/, public/ and src/blocks/. Defaults to Vite's root. */
  root?: string
  /**
   * The site as the caller already loaded and checked it (the build script
   * does so before bundling), so the two bundling passes do not read and
   * validate every page again.
   */
  loaded?: LoadedSite
}

/** Virtual module ids the app imports. */
export const ids = {
  blocks: 'virtual:blocks',
  site: 'virtual:site',
  catalogue: 'virtual:catalogue',
} as const

const resolved = (id: string) => `\0${id}`

/**
 * Gives the app the site's settings and its block components, a chunk per
 * block type. Pages are not modules: the build writes each page's data into
 * its HTML and a JSON file, and the dev server answers those files' addresses
 * here. Every page is validated before the build emits anything. In dev, a
 * page's problems show in Vite's overlay with a code frame, and saving a
 * fixed file reloads the page.
 */
export function pagesPlugin(options: PagesPluginOptions = {}): Plugin {
  let paths: ProjectPaths
  let site: LoadedSite | undefined
  let pageOf: Map<string, LoadedPage> | undefined
  let isBuild = false
  let pagesWatch: { close: () => void } | undefined
  // Loaded on every core, once however many requests wait for it; a file
  // changed meanwhile (a new generation) makes the next request load again.
  let loading: Promise<LoadedSite> | undefined
  let generation = 0
  const current = async (): Promise<LoadedSite> => {
    if (site) return site
    if (options.loaded) return (site = options.loaded)
    const started = generation
    const loaded = await (loading ??= loadSiteOnCores(paths, { cache: true, readAllData: true, keepIndex: true }).finally(() => (loading = undefined)))
    if (generation === started) site ??= loaded
    return loaded
  }
  const pageAt = async (route: string) => (pageOf ??= new Map((await current()).pages.map((p) => [p.route, p]))).get(route)

  return {
    name: 'fieldwork:pages',
    enforce: 'pre',
    config(config) {
      return { server: { watch: { ignored: [notWatchedByVite(resolve(options.root ?? config.root ?? process.cwd()))] } } }
    },
    configResolved(config) {
      paths = projectPaths(resolve(options.root ?? config.root))
      isBuild = config.command === 'build'
    },
    async buildStart() {
      site = undefined
      pageOf = undefined
      if (!isBuild) return
      const { problems } = await current()
      if (problems.length) throw problemsError(paths, problems)
      for (const dir of [paths.pagesDir, paths.schemaDir]) this.addWatchFile(dir)
    },
    closeBundle() {
      pagesWatch?.close()
      pagesWatch = undefined
    },
    resolveId(id) {
      if (id === ids.blocks || id === ids.site || id === ids.catalogue) return resolved(id)
      return undefined
    },
    async load(id) {
      if (!id.startsWith('\0virtual:')) return undefined
      const loaded = await current()
      const name = id.slice(1)
      // A block type without its component (or the reverse): no module that imports components can be made.
      const registry = loaded.problems.filter((p) => p.code === 'BlockWithoutComponent' || p.code === 'ComponentWithoutSchema')
      if (registry.length && name !== ids.site) throw problemsError(paths, registry)
      if (name === ids.blocks) return blockLoadersSource(loaded.components)
      if (name === ids.catalogue) return catalogueModule(paths, loaded)
      const siteProblems = loaded.problems.filter((p) => p.file.endsWith(siteFile))
      if (siteProblems.length || !loaded.site) throw problemsError(paths, siteProblems)
      return `export default ${dataExpression(loaded.site)}`
    },
    configureServer(server) {
      const reload = (file: string, event: 'change' | 'add' | 'unlink') => {
        const abs = resolve(file)
        if (!abs.startsWith(paths.pagesDir) && !abs.startsWith(paths.schemaDir) && !abs.startsWith(paths.publicDir)) return
        // A page's own file edited: that page is read again, not every page.
        const of = event === 'change' && abs.startsWith(paths.pagesDir) ? routeFromFile(relative(paths.pagesDir, abs)) : undefined
        site = site && of?.kind === 'route' ? reloadPage(site, paths, of.route) : undefined
        pageOf = undefined
        generation++
        // The settings and the block list are modules; a page is data the app fetches.
        if (!site) invalidateVirtualModules(server)
        server.ws.send({ type: 'full-reload' })
      }
      // Vite's watcher (chokidar) said it was ready while it was still going
      // through a large pages/ (10,000 files: about a second, longer while
      // the pages load), and a page saved before it got to that file was
      // never reported: its old data stayed served. One watch per folder of
      // pages/, in place before any page is read, misses no save: a save
      // before it is read by the first load, one after is reported.
      const pageTouched = (file: string) => {
        const name = file.split('/').at(-1)!
        // An editor's or the studio's temporary file, never a page.
        if (name.startsWith('.') || name.endsWith('~') || name.endsWith('.tmp')) return
        // A page's file is read again alone when it can be; anything else (a folder moved in or out) reads them all.
        reload(join(paths.pagesDir, file), /\.ya?ml$/.test(name) ? 'change' : 'unlink')
      }
      pagesWatch = watchFolders(paths.pagesDir, (files) => {
        for (const file of files) pageTouched(file)
      }, settleMs)
      server.watcher.add([paths.schemaDir])
      // A page's data, as the build writes it to dist/_data/<route>.json.
      server.middlewares.use(async (req, res, next) => {
        const route = routeOfDataPath(new URL(req.url ?? '/', 'http://localhost').pathname)
        if (route === undefined) return next()
        const page = await pageAt(route)
        if (page) return reply(res, 200, 'application/json', page.data)
        const loaded = await current()
        const file = loaded.routes.get(route)
        if (!file) return reply(res, 404, 'text/plain', `No page at ${route}`)
        const own = loaded.problems.filter((p) => join(paths.root, p.file) === file)
        const error = problemsError(paths, own.length ? own : loaded.problems)
        server.ws.send({ type: 'error', err: { message: error.message, stack: '', ...(error.id ? { id: error.id } : {}), ...(error.frame ? { frame: error.frame } : {}), ...(error.loc ? { loc: error.loc } : {}), plugin: 'fieldwork:pages' } })
        reply(res, 500, 'text/plain', error.frame ? `${error.message}\n\n${error.frame}` : error.message)
      })
      server.watcher.on('change', (file) => reload(file, 'change'))
      server.watcher.on('add', (file) => reload(file, 'add'))
      server.watcher.on('unlink', (file) => reload(file, 'unlink'))
    },
  }
}

function invalidateVirtualModules(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    const graph = environment.moduleGraph
    for (const [id, mod] of graph.idToModuleMap) {
      if (id.startsWith('\0virtual:')) graph.invalidateModule(mod)
    }
  }
}

function reply(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' })
  res.end(body)
}

const catalogues = new WeakMap<LoadedSite, string>()

/**
 * The block catalogue: every block component and the entries from schema/,
 * their example pictures sized. Made once per loaded site: the client and
 * the server bundling passes share it.
 */
function catalogueModule(paths: ProjectPaths, loaded: LoadedSite): string {
  let source = catalogues.get(loaded)
  if (source === undefined) {
    const entries = buildCatalogue(paths.schemaDir)
    const media = listMedia(paths.publicDir)
    for (const entry of entries) for (const example of entry.examples) addImageSizes(example.block, media)
    source = [...componentsExport([...loaded.components]), `export const entries = ${dataExpression(entries)}`, `export const media = ${dataExpression(authorMedia(media))}`, ''].join('\n')
    catalogues.set(loaded, source)
  }
  return source
}

interface LocatedError extends Error {
  id?: string
  loc?: { file: string; line: number; column: number }
  frame?: string
  plugin?: string
}

/** One error for all problems, located at the first for Vite's overlay. */
export function problemsError(paths: ProjectPaths, problems: Problem[]): LocatedError {
  const error: LocatedError = new Error(`Invalid pages:\n\n${formatProblems(problems)}`)
  error.name = 'PageProblems'
  const first = problems[0]
  if (first) {
    const file = join(paths.root, first.file)
    error.id = file
    error.loc = { file, line: first.line, column: first.column }
    try {
      error.frame = codeFrame(readFileSync(file, 'utf8'), first.line, first.column)
    } catch {
      // A file that cannot be read (or decoded) has no frame to show.
    }
  }
  return error
}
