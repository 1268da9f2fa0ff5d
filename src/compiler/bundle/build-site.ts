import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type InlineConfig } from 'vite'
import { loadSite } from '../site/load-site.ts'
import { projectPaths } from '../site/project-paths.ts'
import { fillTemplate, headTags, pageJson, robots, sitemap } from './prerender.ts'
import { siteViteConfig } from './vite-config.ts'
import { outputPlaces, recoverOutput, removeDeadTemps, removeLeftovers, swapIn, type SwapMoment } from './output-swap.ts'
import { PageProblemsError } from '../problems/problems.ts'
import { htmlPathOf, pageDataPathOf } from '../../shared/routes.ts'
import { allowEndpointOrigin } from './csp.ts'
import { inlineIcon } from './inline-icon.ts'
import { renderFailure } from './render-failure.ts'
import { typeCheck } from './type-check.ts'
import { withStaleGenerated } from '../codegen/schema-hash.ts'
import { silentProgress, type Progress } from '../progress/progress.ts'
import { checkFormEndpoint } from '../../shared/form-endpoint.ts'
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
  /** Called as the build reaches each moment; tests kill the process there to prove dist/ always holds a complete site. */
  onMoment?: (moment: BuildMoment) => void
}

export type BuildMoment = 'bundled' | 'written' | SwapMoment

export interface BuildReport {
  routes: number
  /** Things the author may want to know, which are not problems (one line each). */
  notes: string[]
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
  const t0 = performance.now()
  // A build killed earlier may have left the output path unlinked, and folders behind.
  const places = outputPlaces(outDir)
  const rootTemp = join(root, '.build-tmp')
  recoverOutput(places)
  removeLeftovers(places)
  removeDeadTemps(rootTemp)
  const paths = projectPaths(root)
  const loaded = loadSite(paths, { progress })
  const { pages, site } = loaded
  const problems = withStaleGenerated(loaded.problems, root)
  if (problems.length || !site) throw new PageProblemsError(problems)
  // Only once the pages and src/generated/ are right: a stale type there would be reported twice.
  const typeProblems = typeCheck(root)
  if (typeProblems.length) throw new PageProblemsError(typeProblems)
  const t1 = performance.now()

  // The site is built beside the output path (so the swap is a rename on one
  // file system, wherever --out-dir is); the server bundle inside the project,
  // where its imports resolve to node_modules.
  const id = `${process.pid}-${Date.now()}`
  const tmp = join(places.temp, id)
  const serverTmp = join(rootTemp, id)
  const clientDir = join(tmp, 'client')
  const serverDir = join(serverTmp, 'server')
  try {
    progress.phase('bundle', pages.length)
    const common: InlineConfig = { ...siteViteConfig('build', loaded, { catalogue: options.catalogue ?? false }), root, configFile: false, logLevel: options.logLevel ?? 'warn' }
    await build({ ...common, build: { ...common.build, outDir: clientDir, emptyOutDir: true } })
    // With source maps (this bundle never ships): a component that fails in prerender is named by its own line.
    await build({ ...common, build: { ...common.build, ssr: join(root, 'src/entry-server.tsx'), outDir: serverDir, emptyOutDir: true, sourcemap: true } })
    progress.end()
    moment('bundled')
    const t2 = performance.now()

    process.setSourceMapsEnabled(true)
    const server = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as {
      render: (url: string, page?: Page) => Promise<Rendered>
      catalogueRoute: string
    }
    const endpoint = site.footer.newsletter.endpoint
    const endpointCheck = endpoint ? checkFormEndpoint(endpoint) : undefined
    const template = inlineIcon(allowEndpointOrigin(readFileSync(join(clientDir, 'index.html'), 'utf8'), endpointCheck?.ok ? endpointCheck.origin : undefined), paths.publicDir)
    const outputs = new Map<string, string>()
    const addressOf = (route: string) => `${site.url}${route === '/' ? '/' : route}`
    const toRender: { route: string; page?: Page; path?: string }[] = [...pages, ...(options.catalogue ? [{ route: server.catalogueRoute }] : [])]
    progress.phase('prerender', toRender.length)
    for (const { route, page, path } of toRender) {
      progress.tick()
      const renderAs = async (data: Page) => {
        const rendered = await server.render(route, data)
        if (rendered.status !== 200) throw new Error(rendered.error ?? `status ${rendered.status}`)
        return rendered
      }
      const rendered = page && path ? await renderAs(page).catch(async (error: unknown) => {
        throw new PageProblemsError([await renderFailure(error, { route, path, page, root, render: async (data) => void (await renderAs(data)) })])
      }) : await server.render(route)
      if (rendered.status !== 200) throw new Error(`Prerendering ${route} gave status ${rendered.status}: ${rendered.error ?? 'no detail'}`)
      const image = previewImage(page)
      const head = headTags(rendered, { url: addressOf(route), siteName: site.brand, ...(image ? { image: site.url + image } : {}) })
      outputs.set(htmlPathOf(route), fillTemplate(template, rendered, route, head, page))
      if (page) outputs.set(pageDataPathOf(route), pageJson(page))
    }
    progress.end()
    outputs.set('sitemap.xml', sitemap(pages.map((p) => addressOf(p.route))))
    outputs.set('robots.txt', robots(site.url))
    const notFound = await server.render('/__not-found__')
    if (notFound.status !== 404) throw new Error(`The not-found page rendered with status ${notFound.status}`)
    outputs.set('404.html', fillTemplate(template, notFound, '404'))
    const t3 = performance.now()

    for (const [file, html] of outputs) {
      const target = join(clientDir, file)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, html)
    }
    moment('written')
    swapIn(clientDir, places, tmp, moment)
    return { routes: pages.length, notes: newsletterNotes(site), ms: { validate: t1 - t0, bundle: t2 - t1, prerender: t3 - t2, total: performance.now() - t0 } }
  } finally {
    for (const [folder, parent] of [[tmp, places.temp], [serverTmp, rootTemp]] as const) {
      rmSync(folder, { recursive: true, force: true })
      try {
        rmdirSync(parent) // only if no other build is using it
      } catch {}
    }
  }
}

/** Said once by every build: where the footer's sign-up sends, if anywhere. */
function newsletterNotes(site: NonNullable<ReturnType<typeof loadSite>['site']>): string[] {
  if (site.footer.newsletter.endpoint) return []
  return [
    site.contact
      ? `No newsletter endpoint in pages/_site.yaml (footer.newsletter.endpoint): the footer offers ${site.contact} to write to instead of a sign-up form.`
      : 'No newsletter endpoint and no contact address in pages/_site.yaml: the footer has no sign-up (add footer.newsletter.endpoint, or contact).',
  ]
}

/** The first picture a page shows, for link previews. */
function previewImage(page: Page | undefined): string | undefined {
  for (const block of page?.blocks ?? []) {
    const image = (block as { image?: { src?: string } }).image
    if (image?.src) return image.src
  }
  return undefined
}
