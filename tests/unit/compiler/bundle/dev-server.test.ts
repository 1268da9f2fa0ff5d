import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { createServer } from 'vite'
import { afterEach, expect, it } from 'vitest'
import { siteViteConfig } from '../../../../src/compiler/bundle/vite-config'
import { tempProject } from '../../../../scripts/temp-project'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const page = (type: string) => `title: Dev page\ndescription: A page edited while the dev server runs.\nblocks:\n  - type: ${type}\n    title: Hello\n`

it('shows a located error in the dev server and recovers when the file is fixed, without a restart', async () => {
  const project = tempProject({ 'pages/dev.yaml': page('heor') })
  cleanups.push(project.remove)
  const server = await createServer({ ...siteViteConfig('serve'), root: project.root, configFile: false, logLevel: 'silent', server: { middlewareMode: true, ws: false } })
  cleanups.push(() => server.close())
  const request = () => server.environments.client.transformRequest('virtual:page/dev')

  const error = await request().then(
    () => undefined,
    (e: Error & { loc?: { line: number; column: number }; frame?: string }) => e,
  )
  expect(error?.message).toContain('pages/dev.yaml:4:11  There is no block type "heor".')
  expect(error?.loc).toMatchObject({ line: 4, column: 11 })
  expect(error?.frame).toContain('4 >   - type: heor')

  const file = join(project.root, 'pages/dev.yaml')
  writeFileSync(file, page('intro'))
  server.watcher.emit('change', file)
  const fixed = await request()
  expect(fixed?.code).toContain('Dev page')
})

it('has the block catalogue, which the production build leaves out', async () => {
  const root = join(import.meta.dirname, '..', '..', '..', '..')
  const server = await createServer({ ...siteViteConfig('serve'), root, configFile: false, logLevel: 'silent', server: { middlewareMode: true, ws: false } })
  cleanups.push(() => server.close())
  const routes = await server.environments.client.transformRequest('/src/app/routes.tsx')
  expect(routes?.code).toContain('catalogue-page')
  // The constant that keeps the route: true here, false in a production build (no-catalogue.spec.ts checks dist/).
  expect(siteViteConfig('serve').define).toEqual({ __CATALOGUE__: 'true' })
  expect(siteViteConfig('build').define).toEqual({ __CATALOGUE__: 'false' })
  expect(siteViteConfig('build', undefined, { catalogue: true }).define).toEqual({ __CATALOGUE__: 'true' })
})
