import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { projectRoot } from '../../support/fixture-targets'
import { rawRequest, requestLine } from '../../support/raw-http'

/**
 * A few thousand odd requests over raw sockets to `npm run serve` in its own
 * process (127.0.0.1 only, bounded in count and time): it must never exit,
 * and must still answer a normal request afterwards.
 */
const count = 3000
const budgetMs = 60_000

let dir = ''
let server: ChildProcess
let port = 0
let stderr = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fuzz-'))
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title><p>the home page</p>',
    '404.html': '<!doctype html><title>Not found</title>',
    'about/index.html': '<!doctype html><title>About</title>',
    'assets/app.js': `console.log(${JSON.stringify('x'.repeat(500))})`,
    'media/clip.webm': 'not a real video, but bytes to take ranges of',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  server = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/serve.ts')], {
    env: { ...process.env, SITE_DIST: dir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stderr!.on('data', (chunk) => (stderr += chunk))
  port = await new Promise<number>((resolve, reject) => {
    let out = ''
    server.stdout!.on('data', (chunk) => {
      out += chunk
      const match = /127\.0\.0\.1:(\d+)/.exec(out)
      if (match) resolve(Number(match[1]))
    })
    server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)))
  })
}, 30_000)

afterAll(() => {
  server?.kill()
  rmSync(dir, { recursive: true, force: true })
})

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed
  const next = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  return { next, pick }
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT', 'get', 'G E T', 'FOO', '', 'GET\0', 'X'.repeat(300)]
const targets = [
  '/', '//', '///', '//%', '/%', '/%%', '/%E0%A4%A', '/%C0%AF', '/%00', '/%2e%2e/', '/..', '/../../etc/passwd', '/about', '/about/',
  '/about/..', '/assets/app.js', '/assets/x.js', '/assets/', '/media/clip.webm', '/404.html', '/a?b=%', '/?%', '/#x', '*',
  'http://x/', 'http://x', 'https://[::1]:99999/', 'about', '', '/é', '/\u202e', '/a b', '/\\..\\..\\etc', '/' + 'a/'.repeat(2000),
  '/' + '%'.repeat(100), '/\t', '/\x7f',
]
const versions = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1 extra', 'http/1.1', '', 'HTTP/']
const headers = [
  'Host: x', 'Host:', 'Host: a\r\nHost: b', 'Range: bytes=0-3', 'Range: bytes=5-2', 'Range: bytes=-5', 'Range: bytes=-', 'Range: bytes=99999999999999999999-',
  'Range: bytes=0-1,3-4,0-1', 'Range: items=0-1', 'Range: bytes=' + '0-1,'.repeat(500), 'If-None-Match: *', 'If-None-Match: "x", W/"y"',
  'If-Modified-Since: yesterday', 'If-Match: "nope"', 'If-Range: "nope"', 'If-Unmodified-Since: Thu, 01 Jan 1970 00:00:00 GMT',
  'Accept-Encoding: gzip;q=0', 'Accept-Encoding: *', 'Accept-Encoding: gzip, br, zstd', 'Accept-Encoding: ' + 'x,'.repeat(1000),
  'Content-Length: 5\r\n\r\nhello', 'Content-Length: -1', 'Content-Length: 1\r\nContent-Length: 2', 'Content-Length: abc',
  'Transfer-Encoding: chunked\r\n\r\nzz\r\n', 'Transfer-Encoding: chunked\r\nContent-Length: 3', 'Expect: 100-continue',
  'NoColonHere', ': empty-name', 'X-Fold: a\r\n folded', 'X-Nul: a\0b', 'X-Long: ' + 'y'.repeat(20_000), 'Connection: keep-alive',
  'Connection: close', 'Upgrade: websocket\r\nConnection: Upgrade',
]

it('survives a few thousand odd requests and still serves the site', async () => {
  const { next, pick } = random(14)
  const started = Date.now()
  let sent = 0
  let answered = 0
  const one = async () => {
    const lines = [`${pick(methods)} ${pick(targets)} ${pick(versions)}`]
    const extra = Math.floor(next() * 4)
    for (let i = 0; i < extra; i++) lines.push(pick(headers))
    if (next() < 0.8) lines.push('Connection: close')
    let request = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1')
    if (next() < 0.1) request = request.subarray(0, Math.floor(next() * request.length)) // cut short
    if (next() < 0.05) request = Buffer.from(Array.from({ length: 64 }, () => Math.floor(next() * 256))) // noise
    if (next() < 0.05) request = Buffer.concat([request, request]) // pipelined
    sent++
    if (await rawRequest(port, request, 400)) answered++
  }
  const workers = Array.from({ length: 16 }, async () => {
    while (sent < count && Date.now() - started < budgetMs) await one()
  })
  await Promise.all(workers)
  expect(sent).toBeGreaterThanOrEqual(1000)
  expect(answered).toBeGreaterThan(sent / 2)
  expect(server.exitCode, stderr).toBeNull()
  const home = await rawRequest(port, requestLine('GET', '/'))
  expect(home?.status).toBe(200)
  expect(home?.body.toString()).toContain('the home page')
  expect((await rawRequest(port, requestLine('GET', '/about')))?.status).toBe(200)
  expect(stderr).toBe('')
}, 120_000)
