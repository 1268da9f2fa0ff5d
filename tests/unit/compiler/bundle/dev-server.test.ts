import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative, sep } from 'node:path'
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createLogger, createServer, type InlineConfig, type ViteDevServer } from 'vite'
import { afterEach, expect, it } from 'vitest'
import { siteViteConfig } from '../../../../src/compiler/bundle/vite-config'
import { tempProject } from '../../../../scripts/temp-project'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const page = (type: string) => `title: Dev page\ndescription: A page edited while the dev server runs.\nblocks:\n  - type: ${type}\n    title: Hello\n`

/**
 * The site's dev server over `root`, in middleware mode, closed after the
 * test. It prepares no packages unless `options` ask it to: closed within a
 * second of its start, it went on writing them after, into the real
 * project's node_modules/.vite (a test copy's node_modules is the real
 * one's), where 140 unfinished folders had gathered. Its package cache is
 * a folder of its own.
 */
async function devServer(root: string, options: InlineConfig = {}): Promise<ViteDevServer> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'dev-server-cache-'))
  const site = siteViteConfig('serve')
  const server = await createServer({ ...site, root, configFile: false, logLevel: 'silent', cacheDir, optimizeDeps: { ...site.optimizeDeps, noDiscovery: true }, server: { middlewareMode: true, ws: false }, ...options })
  cleanups.push(() => rmSync(cacheDir, { recursive: true, force: true }), () => server.close())
  return server
}

it("serves a page's data, shows a located error instead, and recovers when the file is fixed, without a restart", async () => {
  const project = tempProject({ 'pages/dev.yaml': page('heor') })
  cleanups.push(project.remove)
  const server = await devServer(project.root)
  // The address the app fetches a page's data from, as the build writes it (dist/_data/dev.json).
  const http = createHttpServer(server.middlewares).listen(0, '127.0.0.1')
  cleanups.push(() => void http.close())
  await new Promise((resolve) => http.once('listening', resolve))
  const request = () => fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/_data/dev.json`)

  const failed = await request()
  expect(failed.status).toBe(500)
  const error = await failed.text()
  expect(error).toContain('pages/dev.yaml:4:11  There is no block type "heor".')
  expect(error).toContain('4 >   - type: heor')

  // Saved as an editor saves it: the dev server's own watch of pages/ sees it.
  writeFileSync(join(project.root, 'pages/dev.yaml'), page('intro'))
  await expect.poll(async () => (await request()).status, { timeout: 10_000 }).toBe(200)
  expect(await (await request()).json()).toMatchObject({ title: 'Dev page', blocks: [{ type: 'intro', title: 'Hello' }] })
  expect((await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/_data/no-such-page.json`)).status).toBe(404)
})

it('serves a page saved while the server starts, and each save after it, also one renamed into place', async () => {
  const project = tempProject({ 'pages/dev.yaml': page('intro') })
  cleanups.push(project.remove)
  const file = join(project.root, 'pages/dev.yaml')
  const titled = (title: string) => page('intro').replace('title: Dev page', `title: ${title}`)
  const server = await devServer(project.root)
  // Before any page is read, and before Vite's own watcher has gone through the project (it once missed such saves at 10,000 pages).
  writeFileSync(file, titled('Saved at the start'))
  const http = createHttpServer(server.middlewares).listen(0, '127.0.0.1')
  cleanups.push(() => void http.close())
  await new Promise((resolve) => http.once('listening', resolve))
  const title = async () => ((await (await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/_data/dev.json`)).json()) as { title: string }).title
  expect(await title()).toBe('Saved at the start')
  writeFileSync(file, titled('Saved again'))
  await expect.poll(title, { timeout: 10_000 }).toBe('Saved again')
  // The studio's way: a temporary file beside it, renamed over the page.
  writeFileSync(`${file}.1.tmp`, titled('Renamed into place'))
  renameSync(`${file}.1.tmp`, file)
  await expect.poll(title, { timeout: 10_000 }).toBe('Renamed into place')
})

it('has the block catalogue, which the production build leaves out', async () => {
  const root = join(import.meta.dirname, '..', '..', '..', '..')
  const server = await devServer(root)
  const routes = await server.environments.client.transformRequest('/src/app/routes.tsx')
  expect(routes?.code).toContain('catalogue-page')
  // The constant that keeps the route: true here, false in a production build (no-catalogue.spec.ts checks dist/).
  expect(siteViteConfig('serve').define).toMatchObject({ __CATALOGUE__: 'true' })
  expect(siteViteConfig('build').define).toMatchObject({ __CATALOGUE__: 'false' })
  expect(siteViteConfig('build', undefined, { catalogue: true }).define).toMatchObject({ __CATALOGUE__: 'true' })
})

it('watches what the site is made of, not a built site beside it', async () => {
  // A built site and its kept versions: at 10,000 pages, tens of thousands of folders the watcher once went through.
  const project = tempProject({ 'pages/dev.yaml': page('intro'), 'dist/dev/index.html': '<p>built</p>', '.dist-versions/1/dev/index.html': '<p>kept</p>', 'out/dev/index.html': '<p>elsewhere</p>' })
  cleanups.push(project.remove)
  const server = await devServer(project.root)
  const tops = () => Object.keys(server.watcher.getWatched()).map((dir) => relative(project.root, dir).split(sep)[0])
  // Once the watcher has reached the folders it watches ('ready' may have come before this line).
  await expect.poll(tops, { timeout: 10_000 }).toEqual(expect.arrayContaining(['src', 'schema', 'public']))
  const watched = tops()
  for (const elsewhere of ['dist', '.dist-versions', 'out', 'pages', 'node_modules']) expect(watched, elsewhere).not.toContain(elsewhere)
})

it('prepares its packages from the app’s one page, never from other HTML in the project (a site built elsewhere in it)', async () => {
  // A page of a site built beside the app, importing a package nobody has: read for packages, it makes the dev server say so.
  const project = tempProject({ 'out/dev/index.html': '<script type="module">import "no-such-package-anywhere"</script>' })
  cleanups.push(project.remove)
  const said: string[] = []
  const logger = createLogger('silent')
  for (const level of ['info', 'warn', 'error', 'warnOnce'] as const) logger[level] = (message: string) => void said.push(message)
  const server = await devServer(project.root, { customLogger: logger, optimizeDeps: siteViteConfig('serve').optimizeDeps })
  const optimizer = server.environments.client.depsOptimizer
  expect(optimizer, 'the dev server prepares packages').toBeDefined()
  await optimizer!.scanProcessing
  expect(said.filter((message) => message.includes('no-such-package-anywhere') || message.includes('out/dev'))).toEqual([])
  // And it prepares the app's packages (before it is closed: it would go on writing after).
  await expect.poll(() => existsSync(join(server.config.cacheDir, 'deps', '_metadata.json')), { timeout: 20_000 }).toBe(true)
})
