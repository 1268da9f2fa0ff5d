import { readdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { createStaticServer } from '../../src/serve/static-server'
import { rawRequest, requestLine, type RawResponse } from '../unit/raw-http'
import { nginxBinary, startNginx } from './nginx-server'
import { routes } from './site'

/**
 * One dist/, two servers: deploy/nginx.conf under nginx (production) and
 * src/serve/static-server.ts (npm run serve, and every other test). Each
 * request goes to both as raw bytes and the answers must agree.
 */
const root = join(import.meta.dirname, '..', '..')
const dist = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(root, 'dist')
// Beside nginx.spec.ts's ports (E2E_PORT + 300..349), never on them.
const nginxPort = Number(process.env.E2E_PORT) + 350 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 50)

test.describe.configure({ mode: 'serial' })
test.skip(!nginxBinary, 'nginx is not installed (apt-get install nginx)')

let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
let node: ReturnType<typeof createStaticServer> | undefined
let nodePort = 0

test.beforeAll(async () => {
  nginx = await startNginx(dist, nginxPort)
  node = createStaticServer(dist)
  await new Promise<void>((done) => node!.listen(0, '127.0.0.1', done))
  nodePort = (node.address() as AddressInfo).port
})
test.afterAll(() => {
  nginx?.stop()
  node?.close()
})

const compared = [
  'cache-control',
  'content-type',
  'content-encoding',
  'vary',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
]

function summary(response: RawResponse | undefined) {
  if (!response) return undefined
  return { status: response.status, ...Object.fromEntries(compared.map((name) => [name, response.headers[name]])) }
}

test('nginx and npm run serve answer alike', async () => {
  const home = (await rawRequest(nodePort, requestLine('GET', '/')))!.body.toString()
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1]
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
  const video = readdirSync(join(dist, 'media'), { recursive: true, encoding: 'utf8' }).find((name) => /\.(webm|mp4)$/.test(name))
  const picture = readdirSync(join(dist, 'media'), { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.webp'))
  expect(asset).toBeDefined()
  const route = routes.find((r) => r.route !== '/')!.route
  const gzip = { 'Accept-Encoding': 'gzip, deflate, br' }
  const cases: [string, string, Record<string, string>?][] = [
    ['GET', route],
    ['GET', `${route}/`],
    ['GET', '/', gzip],
    ['GET', '/no/such/page', gzip],
    ['GET', asset!, gzip],
    ['GET', css ?? asset!],
    ['GET', '/assets/missing-0000.js'],
    ['GET', '/favicon.svg', gzip],
    ['GET', `/media/${video}`, { Range: 'bytes=0-99' }],
    ['GET', `/media/${picture}`, gzip],
    ['GET', '/favicon.svg', { Range: 'bytes=0-9' }],
    ['GET', '/robots.txt', gzip],
    ['GET', '/sitemap.xml'],
    ['GET', '/404.html'],
    ['GET', '/404'],
    ['GET', '/index'],
    ['GET', '/assets/'],
    ['GET', '//'],
    ['GET', '///'],
    ['GET', '//%'],
    ['GET', '/%'],
    ['GET', '/%E0%A4%A'],
    ['GET', '/%00'],
    ['GET', '/../../etc/passwd'],
    ['GET', '/%2e%2e/%2e%2e/etc/passwd'],
    ['GET', '/assets/..%2f..%2f..%2fetc/passwd'],
    ['GET', `${route}?q=1`],
    ['HEAD', route],
    ['POST', '/'],
    ['POST', '/no/such/page'],
    ['PUT', asset!],
    ['DELETE', '/'],
    ['OPTIONS', '/'],
    ['PATCH', '/'],
    ['TRACE', '/'],
  ]
  for (const [method, target, headers] of cases) {
    const bytes = requestLine(method, target, { ...(method === 'GET' || method === 'HEAD' ? {} : { 'Content-Length': '0' }), ...headers })
    const fromNginx = summary(await rawRequest(nginxPort, bytes))
    const fromNode = summary(await rawRequest(nodePort, bytes))
    expect(fromNginx, `${method} ${target}: nginx answered`).toBeDefined()
    expect(fromNode, `${method} ${target}`).toEqual(fromNginx)
  }
  // Requests neither server can parse.
  for (const bytes of ['garbage\r\n\r\n', 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n']) {
    expect(summary(await rawRequest(nodePort, bytes)), JSON.stringify(bytes)).toEqual(summary(await rawRequest(nginxPort, bytes)))
  }
})
