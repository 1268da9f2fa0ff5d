import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { nginxBinary, startNginx } from './nginx-server'
import { routes } from './site'
import { catalogueRoute } from '../../src/shared/routes'

const root = join(import.meta.dirname, '..', '..')
// The same site the other browser tests use (scripts/serve.ts reads SITE_DIST too).
const dist = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(root, 'dist')
// Offset from the e2e port so checkouts testing side by side (each with its own E2E_PORT) never share one.
const port = Number(process.env.E2E_PORT) + 300 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 50)
const base = `http://127.0.0.1:${port}`

// One nginx for the file, run from deploy/nginx.conf exactly as committed.
test.describe.configure({ mode: 'serial' })
test.skip(!nginxBinary, 'nginx is not installed (apt-get install nginx)')

let nginx: Awaited<ReturnType<typeof startNginx>> | undefined

test.beforeAll(async () => {
  nginx = await startNginx(dist, port)
})

test.afterAll(() => nginx?.stop())

test('every prerendered route is served with status 200 and its own content', async () => {
  for (const { route, title } of routes) {
    const response = await fetch(base + route)
    expect(response.status, route).toBe(200)
    const html = await response.text()
    expect(html, route).toContain(`data-route="${route}"`)
    expect(html, route).toContain(`<title>${title.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')}</title>`)
  }
})

test('an unknown path gets a real 404 with the not-found page', async () => {
  const response = await fetch(`${base}/no/such/page`)
  expect(response.status).toBe(404)
  expect(await response.text()).toContain('Unexpected Application Error!')
  // The authors' block catalogue is not part of the live site (tests/e2e/no-catalogue.spec.ts).
  const catalogue = await fetch(`${base}${catalogueRoute}`)
  expect(catalogue.status).toBe(404)
  expect(await catalogue.text()).toContain('Unexpected Application Error!')
})

test('security and cache headers are set', async () => {
  const page = await fetch(`${base}/`)
  const expected: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
  ]
  for (const [name, value] of expected) {
    expect(page.headers.get(name), name).toBe(value)
  }
  expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  expect(page.headers.get('cache-control')).toBe('no-cache')
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())![1]!
  const cached = await fetch(base + asset, { headers: { 'accept-encoding': 'gzip' } })
  expect(cached.status).toBe(200)
  expect(cached.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(cached.headers.get('x-frame-options')).toBe('DENY')
  const image = await fetch(`${base}/favicon.svg`)
  expect(image.headers.get('cache-control')).toBe('public, max-age=86400')
  // A file that is not a page or a bundle opens inert at its own address: a second policy sandboxes it.
  expect(image.headers.get('content-security-policy')).toMatch(/, sandbox; default-src 'none'$/)
  expect((await fetch(`${base}/sitemap.xml`)).headers.get('content-security-policy')).toMatch(/, sandbox; default-src 'none'$/)
  expect(page.headers.get('content-security-policy')).not.toContain('sandbox')
  expect(cached.headers.get('content-security-policy')).not.toContain('sandbox')
  const notFound = await fetch(`${base}/missing`)
  expect(notFound.headers.get('x-content-type-options')).toBe('nosniff')
})
