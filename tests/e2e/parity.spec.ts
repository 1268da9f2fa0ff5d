import { readdirSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { createStaticServer } from '../../src/serve/static-server'
import { rawRequest, requestLine, type RawResponse } from '../support/raw-http'
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
  'content-range',
  'etag',
  'last-modified',
  'accept-ranges',
  'vary',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
]

/**
 * nginx numbers multipart boundaries per worker, so they are compared as B.
 * A header that comes twice with one value counts once: nginx's 416 repeats
 * every add_header (its range filter finalizes the request, and the headers
 * filter runs again), which changes nothing for a client.
 */
function summary(response: RawResponse | undefined) {
  if (!response) return undefined
  const boundary = /boundary=(\S+)/.exec(response.headers['content-type'] ?? '')?.[1]
  const unbound = (text: string | undefined) => (boundary && text !== undefined ? text.replaceAll(boundary, 'B') : text)
  const once = (value: string | undefined) => {
    const half = value === undefined ? 0 : (value.length - 2) / 2
    return value !== undefined && value.slice(0, half) === value.slice(half + 2) && value.slice(half, half + 2) === ', ' ? value.slice(0, half) : value
  }
  const multipart = boundary ? { body: unbound(response.body.toString('latin1')) } : {}
  return { status: response.status, ...Object.fromEntries(compared.map((name) => [name, unbound(once(response.headers[name]))])), ...multipart }
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
  const lastModified = statSync(join(dist, 'index.html')).mtime.toUTCString()
  const cases: [string, string, Record<string, string>?][] = [
    ['GET', route],
    ['GET', `${route}/`],
    ['GET', '/', gzip],
    ['GET', '/no/such/page', gzip],
    ['GET', asset!, gzip],
    ['GET', css ?? asset!],
    ['GET', '/assets/missing-0000.js'],
    ['GET', '/favicon.svg', gzip],
    // Files other than pages and bundles carry a second, sandboxing policy.
    ['GET', `/media/${picture}`],
    ['GET', `/_data${route}.json`, gzip],
    ['POST', '/favicon.svg', { 'Content-Length': '0' }],
    ['GET', `/media/${video}`, { Range: 'bytes=0-99' }],
    ['GET', `/media/${picture}`, gzip],
    ['GET', '/favicon.svg', { Range: 'bytes=0-9' }],
    ['GET', '/robots.txt', gzip],
    ['GET', '/sitemap.xml'],
    ['GET', '/404.html'],
    // A page by its file: sent to its clean address.
    ['GET', '/index.html'],
    ['GET', `${route}/index.html`],
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
    // HEAD gets GET's headers, gzip included.
    ['HEAD', '/', gzip],
    ['HEAD', asset!, gzip],
    ['HEAD', '/no/such/page', gzip],
    // A request line longer than nginx's 8k buffer (large_client_header_buffers): with its CRLF, 8192 bytes are served, 8193 are a 414.
    ['GET', '/' + 'a'.repeat(8176)],
    ['GET', '/' + 'a'.repeat(8177)],
    ['GET', '/' + 'a'.repeat(9000)],
    ['GET', '/' + 'a'.repeat(20000)],
    // Several ranges: one multipart/byteranges reply; a bad range: 416; with gzip on a text type: the whole file, gzipped.
    ['GET', '/favicon.svg', { Range: 'bytes=0-1,5-6' }],
    ['HEAD', '/favicon.svg', { Range: 'bytes=0-1,5-6' }],
    ['GET', '/robots.txt', { Range: 'bytes=0-1, 5-6,-3' }],
    ['GET', `/media/${video}`, { Range: 'bytes=0-1,5-6' }],
    ['GET', '/favicon.svg', { Range: 'bytes=0-1,5-6', ...gzip }],
    ['GET', '/favicon.svg', { Range: 'bytes=abc' }],
    ['GET', `/media/${video}`, { Range: 'bytes=abc' }],
    ['GET', `/media/${video}`, { Range: 'bytes=0-1,99999999999999999999-' }],
    ['GET', '/favicon.svg', { Range: 'bytes=abc', ...gzip }],
    ['GET', '/favicon.svg', { Range: 'bytes=9999-' }],
    ['GET', '/favicon.svg', { Range: 'items=0-1' }],
    // If-Modified-Since: 304 only for the exact Last-Modified (if_modified_since exact).
    ['GET', '/', { 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' }],
    ['GET', '/', { 'If-Modified-Since': lastModified }],
  ]
  for (const [method, target, headers] of cases) {
    const bytes = requestLine(method, target, { ...(method === 'GET' || method === 'HEAD' ? {} : { 'Content-Length': '0' }), ...headers })
    const fromNginx = summary(await rawRequest(nginxPort, bytes))
    const fromNode = summary(await rawRequest(nodePort, bytes))
    const name = `${method} ${target.length > 60 ? `${target.slice(0, 20)}… (${target.length} characters)` : target} ${JSON.stringify(headers ?? {})}`
    expect(fromNginx, `${name}: nginx answered`).toBeDefined()
    expect.soft(fromNode, name).toEqual(fromNginx)
  }
  // Requests neither server can parse.
  for (const bytes of ['garbage\r\n\r\n', 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n']) {
    expect(summary(await rawRequest(nodePort, bytes)), JSON.stringify(bytes)).toEqual(summary(await rawRequest(nginxPort, bytes)))
  }
})
