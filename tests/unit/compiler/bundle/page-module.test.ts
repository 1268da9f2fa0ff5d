import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, createServer } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { blockTypesOf } from '../../../../src/compiler/bundle/page-module'
import { siteViteConfig } from '../../../../src/compiler/bundle/vite-config'
import type { PageToRender, Rendered } from '../../../../src/entry-server'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * One path for page data: the page's chunk (the browser) and the prerender
 * (the server) both take "a page and the components it needs" from
 * page-module.ts. The chunk imports the components of exactly its block
 * types; the server renders a page with exactly the components it is given,
 * so a type missing from that list fails the prerender as it would fail the
 * browser, instead of being drawn by a component the chunk never loads.
 */
const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')
const text = 'title: Mixed\ndescription: Blocks of two types.\nblocks:\n  - type: intro\n    title: One\n  - type: text-section\n    heading: Two\n    text: Words.\n  - type: intro\n    title: Three\n'
let root: string
let remove = () => {}

beforeAll(() => {
  const project = tempProject({ 'pages/_site.yaml': mini('_site.yaml'), 'pages/index.yaml': mini('index.yaml'), 'pages/mixed.yaml': text }, { copyPages: false })
  remove = project.remove
  root = project.root
})

afterAll(() => remove())

it("a page's chunk holds its data and the components of its block types, no others", async () => {
  const server = await createServer({ ...siteViteConfig('serve'), root, configFile: false, logLevel: 'silent', server: { middlewareMode: true, ws: false } })
  try {
    const chunk = await server.environments.client.transformRequest('virtual:page/mixed')
    const imported = [...chunk!.code.matchAll(/^import .* from "([^"]+)"/gm)].map((m) => m[1]!.replace(/^.*\/src\/blocks\//, ''))
    const page = loadSite(projectPaths(root)).pages.find((p) => p.route === '/mixed')!.page
    expect(blockTypesOf(page)).toEqual(['intro', 'text-section'])
    expect(imported).toEqual(blockTypesOf(page).map((type) => `${type}/index.tsx`))
  } finally {
    await server.close()
  }
}, 60_000)

it('the prerender draws a page with the components of the block types it is given, and fails without one', async () => {
  const loaded = loadSite(projectPaths(root))
  const common = siteViteConfig('build', loaded)
  const outDir = join(root, 'server')
  await build({ ...common, root, configFile: false, logLevel: 'silent', build: { ...common.build, ssr: join(root, 'src/entry-server.tsx'), outDir } })
  const { render } = (await import(pathToFileURL(join(outDir, 'entry-server.js')).href)) as { render: (url: string, page?: PageToRender) => Promise<Rendered> }
  const page = loaded.pages.find((p) => p.route === '/mixed')!.page
  const whole = await render('/mixed', { page, blockTypes: blockTypesOf(page) })
  expect(whole.status).toBe(200)
  expect(whole.html).toContain('Three')
  await expect(render('/mixed', { page, blockTypes: ['intro'] })).rejects.toThrow('No component for block type "text-section"')
}, 120_000)
