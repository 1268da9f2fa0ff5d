import { readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { InlineConfig } from 'vite'
import { loadSiteOnCores, loadSiteShell, withoutPages, type LoadedSite } from '../site/load-site.ts'
import { drain, drainByTurns } from '../threads/steps.ts'
import { projectPaths, type ProjectPaths } from '../site/project-paths.ts'
import { listPages } from '../site/list-pages.ts'
import { robots, sitemap } from '../../prerender/html.ts'
import { structuredData } from '../../prerender/structured-data.ts'
import { pageTrails } from '../site/page-trail.ts'
import { lastChanged } from '../site/last-changed.ts'
import { sharePicture } from '../site/public-media.ts'
import { webManifest } from './web-manifest.ts'
import { siteIcons, sitePreview } from '../../shared/site-icons.ts'
import { jobFiles, type PrerenderFailure, type PrerenderJob } from '../../prerender/jobs.ts'
import { PrerenderPool } from './prerender-pool.ts'
import { RenderCache } from '../cache/render-cache.ts'
import { BundleCache } from '../cache/bundle-cache.ts'
import { outputPlaces, recoverOutput, removeDeadTemps, removeLeftovers, swapIn, type SwapMoment } from './output-swap.ts'
import { PageProblemsError } from '../problems/problems.ts'
import { catalogueRoute, htmlPathOf, pageDataPathOf } from '../../shared/routes.ts'
import { allowEndpointOrigin } from './csp.ts'
import { inlineIcon } from './inline-icon.ts'
import { placePublicFiles } from './public-files.ts'
import { renderFailure } from './render-failure.ts'
import { sourceHash, typeCheck } from './type-check.ts'
import { passedBefore } from './type-program.ts'
import { collectGarbage } from '../threads/collect-garbage.ts'
import { withStaleGenerated } from '../codegen/schema-hash.ts'
import { silentProgress, type Progress } from '../progress/progress.ts'
import { builtInSignup, checkFormEndpoint } from '../../shared/form-endpoint.ts'
import type { Rendered } from '../../entry-server'
import type { Page } from '../../generated/schema-types.ts'

export interface BuildOptions {
  /** Project root (holds pages/, schema/, src/, public/, index.html). */
  root: string
  /** Where the finished site goes; replaced whole, only on success. */
  outDir?: string
  /** Vite log level for the two bundling passes. */
  logLevel?: InlineConfig['logLevel']
  /** Also build the authors' block catalogue (/blocks): for tests of the catalogue only, never for the live site. */
  catalogue?: boolean
  /** Where the build says how far it is (npm run build: a line in a terminal, a line per phase in CI). */
  progress?: Progress
  /**
   * This process builds once and ends (npm run build): the type check's
   * thread ends with its answer, not kept for the next build (see typeCheck).
   */
  once?: boolean
  /** Pages above which a type check under way is done before the pages are read (typeCheckBesideAtMost): a test's small site crosses it. */
  typeCheckBesideAtMost?: number
  /** Called as the build reaches each moment; tests kill the process there to prove dist/ always holds a complete site. */
  onMoment?: (moment: BuildMoment) => void
}

export type BuildMoment = 'bundled' | 'written' | SwapMoment

export interface BuildReport {
  routes: number
  /** Things the author may want to know, which are not problems (one line each). */
  notes: string[]
  /** `bundle`: what the build waited for its bundle once the pages were checked (a bundle made while they were read can take none). */
  ms: { validate: number; bundle: number; prerender: number; total: number }
}

/**
 * Validate, bundle, prerender, then swap the result in. Everything is built
 * in a temporary folder beside dist/, so a failure at any step leaves the
 * previous dist/ exactly as it was; the swap itself never leaves dist/
 * without a complete site (see output-swap.ts).
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const root = options.root
  const outDir = options.outDir ?? join(root, 'dist')
  const moment = options.onMoment ?? (() => {})
  const progress = options.progress ?? silentProgress
  const catalogue = options.catalogue ?? false
  const t0 = performance.now()
  // A build killed earlier may have left the output path unlinked, and folders behind.
  const places = outputPlaces(outDir)
  const rootTemp = join(root, '.build-tmp')
  recoverOutput(places)
  removeLeftovers(places)
  removeDeadTemps(rootTemp)
  const paths = projectPaths(root)

  // The site is built beside the output path (so the swap is a rename on one
  // file system, wherever --out-dir is); the server bundle inside the project,
  // where its imports resolve to node_modules.
  const id = `${process.pid}-${Date.now()}`
  const tmp = join(places.temp, id)
  const serverTmp = join(rootTemp, id)
  const clientDir = join(tmp, 'client')
  const serverDir = join(serverTmp, 'server')
  const bundling = { root, clientDir, serverDir, catalogue, logLevel: options.logLevel }
  const code = BundleCache.codeKey(paths, catalogue)
  const early = bundleEarly(paths, code, bundling)
  // Checked on a thread of its own while the pages are read (before, for many pages: typeCheckBesideAtMost); heard
  // only once they passed (a stale src/generated/ would be reported twice), and stopped if they did not.
  const stopped = new AbortController()
  const source = sourceHash(root)
  const typeCheckPending = !passedBefore(root, source)
  const typeChecking = typeCheck(root, { keep: !options.once, signal: stopped.signal, hash: source })
  typeChecking.catch(() => {})
  // The page cache's save, left by the load to run while the pages are drawn (or at once, if the build stops before).
  let pendingSave: Iterator<unknown> | undefined
  try {
    if (typeCheckPending && listPages(paths).routeFiles.size > (options.typeCheckBesideAtMost ?? typeCheckBesideAtMost)) await typeChecking.catch(() => {})
    // While Vite bundles on this thread, the pages are read and checked on others.
    const loaded = await loadForBuild(paths, { progress, cache: true, saveLater: true, offThisThread: early !== undefined })
    const { pages, site, problems: found, shell } = loaded
    pendingSave = loaded.pendingSave
    // What the load let go of, given back before the pages are drawn (see collectGarbage); a small site's is not worth the pause.
    // The save first: until it is done it holds every page's check.
    if (pages.length > collectAfterLoadAbove) {
      if (pendingSave) drain(pendingSave)
      collectGarbage()
    }
    const problems = withStaleGenerated(found, root)
    if (problems.length || !site) throw new PageProblemsError(problems)
    const typeProblems = await typeChecking
    if (typeProblems.length) throw new PageProblemsError(typeProblems)
    const t1 = performance.now()

    const addressOf = (route: string) => `${site.url}${route === '/' ? '/' : route}`
    const trailOf = pageTrails(pages, site, addressOf)
    const publisher = { name: site.brand, url: site.url, email: site.contact, ...(shell.media.has(siteIcons.large) ? { logo: site.url + siteIcons.large } : {}) }
    // A page without a picture of its own is previewed with the site's.
    const pictureOf = (image: string | undefined, alt: string) => {
      const picture = image ?? (shell.media.has(sitePreview.src) ? sitePreview.src : undefined)
      if (!picture) return {}
      const { src, ...size } = sharePicture(picture, shell.media)
      return { image: { url: site.url + src, ...size, alt } }
    }
    const headOf = (route: string, title: string, image?: string) => ({
      url: addressOf(route),
      siteName: site.brand,
      ...pictureOf(image, title),
      structuredData: structuredData(publisher, trailOf(route)),
    })
    // A page's job names its data by hash; the data itself (its JSON's bytes) is
    // added for the pages drawn, the only ones that need it (see withData).
    const jobs: PrerenderJob[] = pages.map(({ route, dataHash, image, title }) => ({ route, dataHash, routeKey: route, htmlFile: htmlPathOf(route), dataFile: pageDataPathOf(route), head: headOf(route, title, image), status: 200 }))
    if (catalogue) jobs.push({ route: catalogueRoute, routeKey: catalogueRoute, htmlFile: htmlPathOf(catalogueRoute), head: headOf(catalogueRoute, 'Block catalogue'), status: 200 })
    jobs.push({ route: '/__not-found__', routeKey: '404', htmlFile: '404.html', status: 404 })
    const extras = { sitemap: 'sitemap.xml', robots: 'robots.txt', manifest: 'site.webmanifest' }

    progress.phase('bundle', pages.length)
    // The same code and settings as a build before: its bundle, without bundling again.
    const bundles = BundleCache.open(paths, code, site)
    // The files written after the bundle is in place: copied from a kept bundle, never linked.
    const rewritten = new Set([...jobs.flatMap(jobFiles), ...Object.values(extras)])
    let made = false
    if (early) {
      // Made with the settings the pages were checked with, unless _site.yaml changed meanwhile: then again, below.
      const same = early.settings === JSON.stringify(site)
      // Its error (a component that does not compile) is the build's.
      await early.done.catch((error: unknown) => {
        if (same) throw error
      })
      made = same
      // Not the build's bundle: nothing of it may stay beside a kept one.
      if (!same) for (const dir of [clientDir, serverDir]) rmSync(dir, { recursive: true, force: true })
    }
    if (!made && !bundles.restore(clientDir, serverDir, rewritten)) {
      await bundle(shell, bundling)
      made = true
    }
    // Kept under the code's key only if the code still hashes to it: a file written while Vite read the code (an edit
    // mid-build, then undone) would otherwise leave a bundle of those bytes under the key of the others, for good.
    if (made && BundleCache.codeKey(paths, catalogue) === code) bundles.save(clientDir, serverDir, rewritten)
    // After the save: public/ is not part of a kept bundle.
    placePublicFiles(shell.media, clientDir, places.outDir, rewritten)
    progress.end()
    moment('bundled')
    const t2 = performance.now()

    const endpoint = site.footer.newsletter.endpoint
    const endpointCheck = endpoint ? checkFormEndpoint(endpoint) : undefined
    const template = inlineIcon(allowEndpointOrigin(readFileSync(join(clientDir, 'index.html'), 'utf8'), endpointCheck?.ok ? endpointCheck.origin : undefined), paths.publicDir)
    // A page whose files would come out as the live site has them is taken from it.
    const rendered = RenderCache.open(paths, places.outDir, template, serverDir)
    const pageOf = new Map(pages.map((page) => [page.route, page]))
    const withData = (job: PrerenderJob): PrerenderJob => (job.dataHash === undefined ? job : { ...job, data: pageOf.get(job.route)!.data })
    // Started first: its worker loads the server bundle while the pages kept are linked.
    const pool = PrerenderPool.start({ workerFile: join(serverDir, 'prerender-worker.js'), setup: { template, outDir: clientDir }, nodeEnv: BundleCache.nodeEnv() })
    let failures: PrerenderFailure[]
    try {
      const toDraw = jobs.filter((job) => !rendered.reuse(job, clientDir)).map(withData)
      progress.phase('prerender', toDraw.length)
      const drawing = pool.run(toDraw, progress)
      // Its failure is heard below, once the save is done; until then it must not end the process as unhandled.
      drawing.catch(() => {})
      // A shard a turn: the prerender workers' batches are answered while it runs, on the core this thread has to itself while they draw.
      if (pendingSave) await drainByTurns(pendingSave)
      failures = await drawing
    } finally {
      await pool.close()
    }
    progress.end()
    if (failures.length) throw await explainFailure(failures[0]!, { pages, root, serverDir })
    for (const job of jobs) rendered.record(job, clientDir)
    // A page that asks to stay out of search engines stays out of the sitemap too.
    const listed = pages.filter((page) => !page.noindex)
    const changed = lastChanged(root, paths.pagesDir, listed.map((page) => page.path))
    writeFileSync(join(clientDir, extras.sitemap), sitemap(listed.map((page) => ({ url: addressOf(page.route), lastmod: changed.get(page.path) }))))
    writeFileSync(join(clientDir, extras.manifest), webManifest(site, shell.media, template))
    writeFileSync(join(clientDir, extras.robots), robots(site.url))
    const t3 = performance.now()
    moment('written')
    swapIn(clientDir, places, tmp, moment)
    rendered.save()
    return { routes: pages.length, notes: newsletterNotes(site), ms: { validate: t1 - t0, bundle: t2 - t1, prerender: t3 - t2, total: performance.now() - t0 } }
  } finally {
    // A build stopped by its pages (or its code) keeps what the load read and checked all the same.
    if (pendingSave) drain(pendingSave)
    stopped.abort()
    // Vite may still be writing there when the pages stopped the build.
    await early?.done.catch(() => {})
    for (const [folder, parent] of [[tmp, places.temp], [serverTmp, rootTemp]] as const) {
      rmSync(folder, { recursive: true, force: true })
      try {
        rmdirSync(parent) // only if no other build is using it
      } catch {}
    }
  }
}

/**
 * Pages above which a type check under way (src/ changed since its last
 * pass: a fresh clone's first build, or a change of code) is done before
 * the pages are read, not beside them: the load then fills both cores with
 * its workers, so the check had no core of its own, and its memory came on
 * top of the load's peak: at 10,000 pages, the check beside the load saved
 * little time and cost far more memory than the check done first
 * (docs/measurements.md, "The build's order of work"). Below this, the load runs on this thread and the check
 * beside it is time saved.
 */
const typeCheckBesideAtMost = 2_000

/** Pages above which the build collects its garbage after the load, which otherwise stayed through the render (docs/measurements.md, "The build's order of work"). */
const collectAfterLoadAbove = 20_000

/**
 * The site loaded for a build: its pages and settings, and the site without
 * its pages, for the bundle. Not the loaded site itself, whose pages as the
 * rules across pages compare them (their digests, hundreds of megabytes at
 * 100,000 pages) the build need not hold while it draws the pages.
 */
async function loadForBuild(paths: ProjectPaths, options: Parameters<typeof loadSiteOnCores>[1]): Promise<Pick<LoadedSite, 'pages' | 'site' | 'problems' | 'pendingSave'> & { shell: LoadedSite }> {
  const loaded = await loadSiteOnCores(paths, options)
  return { pages: loaded.pages, site: loaded.site, problems: loaded.problems, pendingSave: loaded.pendingSave, shell: withoutPages(loaded) }
}

interface Bundling {
  root: string
  clientDir: string
  serverDir: string
  catalogue: boolean
  logLevel: InlineConfig['logLevel']
}

/** Vite's two passes: the browser's files, and the server bundle the pages are drawn with. */
async function bundle(loaded: LoadedSite, { root, clientDir, serverDir, catalogue, logLevel }: Bundling): Promise<void> {
  // Loaded only to bundle: Vite and its plugins take about half a second to load, which a restored bundle need not pay.
  const [{ build }, { siteViteConfig }] = await Promise.all([import('vite'), import('./vite-config.ts')])
  const common: InlineConfig = { ...siteViteConfig('build', loaded, { catalogue, root }), root, configFile: false, logLevel: logLevel ?? 'warn' }
  await build({ ...common, build: { ...common.build, outDir: clientDir, emptyOutDir: true } })
  // With source maps (this bundle never ships): a component that fails in prerender is named by its own line.
  // Two entries: the render itself, and the worker threads that render and write the pages.
  const entries = { 'entry-server': join(root, 'src/entry-server.tsx'), 'prerender-worker': join(root, 'src/prerender/worker.ts') }
  await build({ ...common, build: { ...common.build, ssr: true, rolldownOptions: { input: entries }, outDir: serverDir, emptyOutDir: true, sourcemap: true } })
}

/**
 * The bundle, started before the pages are read when none is kept for this
 * code, these settings and public/: it is made of those and never of the
 * pages, so Vite makes it on this thread while worker threads read and
 * check them (bundling after the pages was a large part of a build with no
 * cache at 1,000 pages: docs/measurements.md, "The build's order of work").
 * The site without its pages (loadSiteShell)
 * is all the bundle reads. Undefined when a bundle of this code is kept
 * (most likely with these settings: it is restored once the pages are
 * checked; with others, bundled then), or when the settings, shared blocks
 * or block types have problems, which the load then reports. Reading the
 * site's shell first for every build made the builds after a page's edit
 * at 10,000 pages slower, for reasons not found (same section).
 */
/**
 * Above this many pages the bundle waits for the pages' load: beside it,
 * it saves little of a load of a minute or more, and Vite's memory on top
 * of the load's peak took a build of 100,000 pages over its 2 GB budget
 * (docs/measurements.md, "The build's order of work").
 */
const bundledBesidesAtMost = 20_000

function bundleEarly(paths: ProjectPaths, code: string, bundling: Bundling): { settings: string; done: Promise<void> } | undefined {
  // Most builds find their code's bundle kept: for them, nothing is read here.
  if (BundleCache.keptForCode(paths, code)) return undefined
  const shell = loadSiteShell(paths)
  if (shell.problems.length || !shell.site || shell.routes.size > bundledBesidesAtMost) return undefined
  const done = bundle(shell, bundling)
  // Heard after the pages are checked; until then its failure must not end the process as unhandled.
  done.catch(() => {})
  return { settings: JSON.stringify(shell.site), done }
}

/**
 * The build's error for a page that failed to prerender: for a page, a
 * located problem (which block threw, found by rendering each alone here);
 * for the not-found page or the catalogue, the render's own error.
 */
async function explainFailure(failure: PrerenderFailure, at: { pages: LoadedSite['pages']; root: string; serverDir: string }): Promise<Error> {
  const error = Object.assign(new Error(failure.error.message), failure.error)
  const loaded = at.pages.find((p) => p.route === failure.route)
  if (!loaded) return new Error(`Prerendering ${failure.route} gave ${failure.status ? `status ${failure.status}` : 'an error'}: ${failure.error.stack ?? failure.error.message}`)
  process.setSourceMapsEnabled(true)
  const server = (await import(pathToFileURL(join(at.serverDir, 'entry-server.js')).href)) as { render: (url: string, page?: Page) => Promise<Rendered> }
  const render = async (data: Page) => {
    const rendered = await server.render(failure.route, data)
    if (rendered.status !== 200) throw new Error(rendered.error ?? `status ${rendered.status}`)
  }
  return new PageProblemsError([await renderFailure(error, { route: failure.route, path: loaded.path, page: loaded.page, root: at.root, render })])
}

/** Said once by every build: where the footer's sign-up sends. */
function newsletterNotes(site: NonNullable<LoadedSite['site']>): string[] {
  if (site.footer.newsletter.endpoint) return []
  return [`The footer's sign-up posts to the site's own sign-up service at ${builtInSignup} (deploy/signup.service; nginx proxies it), as pages/_site.yaml names no other (footer.newsletter.endpoint).`]
}
