import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cspDirectives, readFileSandbox, readSecurityHeaders } from '../../../src/serve/deploy-config'
import { allowEndpointOrigin, endpointDirectives } from '../../../src/compiler/bundle/csp'
import { createStaticServer, requestPath } from '../../../src/serve/static-server'
import { createSignupHandler } from '../../../src/signup/signup-handler'
import { SignupStore } from '../../../src/signup/signup-store'
import { projectRoot } from '../../support/fixture-targets'
import { rawRequest, requestLine } from '../../support/raw-http'

const files: Record<string, string> = {
  'index.html': `<!doctype html><title>Home</title><p>${'home '.repeat(40)}</p>`,
  '404.html': '<!doctype html><title>Not found</title><p>the not-found page</p>',
  'about/index.html': '<!doctype html><title>About</title><p>about page</p>',
  'assets/app-abc123.js': `console.log(${JSON.stringify('x'.repeat(200))})`,
  'media/pic.webp': 'RIFF....WEBPVP8 not really a picture but bytes',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
}

let dir = ''
let server: ReturnType<typeof createStaticServer>
let port = 0
const get = (target: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(port, requestLine(method, target, headers)).then((r) => r!)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  server = createStaticServer(dir)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the request path, read as nginx reads it', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['///', '/'],
    ['/about/', '/about/'],
    ['/a//b/./c/../d?x=1', '/a/b/d'],
    ['/a%2fb', '/a/b'],
    ['/%C3%A9t%C3%A9', '/été'],
    ['http://example.test/about', '/about'],
  ])('%s is %s', (target, path) => expect(requestPath(target)).toBe(path))

  it.each(['/%', '//%', '/%E0%A4%A', '/%zz', '/%00', '/..', '/../etc/passwd', '/a/../../b', '/%2e%2e/x', '*', 'about'])('%s is refused', (target) => {
    expect(requestPath(target)).toBeUndefined()
  })
})

describe('the preview server', () => {
  it('survives //, /// and //% and keeps answering', async () => {
    expect((await get('//')).status).toBe(200)
    expect((await get('///')).status).toBe(200)
    expect((await get('//%')).status).toBe(400)
    expect((await get('/about')).status).toBe(200)
  })

  it('answers malformed URLs and traversal with 400, not the home page', async () => {
    for (const target of ['/%', '/%E0%A4%A', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await get(target)
      expect(response.status, target).toBe(400)
      expect(response.headers['x-frame-options'], target).toBe('DENY')
    }
  })

  it('answers other methods with 405 on a file, 404 elsewhere, and TRACE always with 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      expect((await get('/', { 'Content-Length': '0' }, method)).status, method).toBe(405)
      expect((await get('/no/such', { 'Content-Length': '0' }, method)).status, method).toBe(404)
    }
    expect((await get('/no/such', {}, 'TRACE')).status).toBe(405)
  })

  it('sends every header of deploy/security-headers.conf on every reply', async () => {
    const expected = readSecurityHeaders()
    for (const target of ['/', '/no/such', '/assets/app-abc123.js', '/favicon.svg', '/%']) {
      const response = await get(target)
      // A file other than a page or a bundle has a second policy after this one (the next test).
      for (const [name, value] of expected) expect(response.headers[name.toLowerCase()]?.replace(/, sandbox; default-src 'none'$/, ''), `${target} ${name}`).toBe(value)
    }
    // The header is what keeps a script inside an SVG opened directly from
    // running: it allows the site's own files and index.html's inline
    // scripts by their hashes, never inline code at large.
    expect(cspDirectives((await get('/favicon.svg')).headers['content-security-policy']!).get('script-src')).toBe(["'self'", ...inlineScriptHashes()].join(' '))
  })

  it('sends every file but the pages and the bundles with a second policy that sandboxes it, as nginx does', async () => {
    const policy = new Map(readSecurityHeaders()).get('Content-Security-Policy')
    for (const target of ['/favicon.svg', '/media/pic.webp']) expect((await get(target)).headers['content-security-policy'], target).toBe(`${policy}, sandbox; default-src 'none'`)
    for (const target of ['/', '/about/', '/assets/app-abc123.js', '/no/such', '/no/such.pdf']) expect((await get(target)).headers['content-security-policy'], target).toBe(policy)
    const sandboxOf = readFileSandbox()
    expect(['/sitemap.xml', '/_data/about.json', '/Index.HTML', '/assets/x.js', '/b2b/smes'].map(sandboxOf)).toEqual(["sandbox; default-src 'none'", "sandbox; default-src 'none'", '', '', ''])
  })

  it('caches as deploy/nginx.conf does: bundles a year, media a day, pages and misses never', async () => {
    expect((await get('/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const missing = await get('/assets/x.js')
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-cache')
    expect(missing.body.toString()).toContain('the not-found page')
    expect((await get('/media/pic.webp')).headers['cache-control']).toBe('public, max-age=86400')
    expect((await get('/about/')).headers['cache-control']).toBe('no-cache')
  })

  it('serves 404.html only as the not-found page', async () => {
    expect((await get('/404.html')).status).toBe(404)
    expect((await get('/404')).status).toBe(404)
  })

  it('sends ETag and Last-Modified and answers a matching If-None-Match with 304 and the headers', async () => {
    const first = await get('/media/pic.webp')
    // As nginx makes them: the file's time and size in hex, and its time as an HTTP date.
    const { mtime, size } = statSync(join(dir, 'media/pic.webp'))
    expect(first.headers.etag).toBe(`"${Math.floor(mtime.getTime() / 1000).toString(16)}-${size.toString(16)}"`)
    expect(first.headers['last-modified']).toBe(new Date(Math.floor(mtime.getTime() / 1000) * 1000).toUTCString())
    const again = await get('/media/pic.webp', { 'If-None-Match': first.headers.etag! })
    expect(again.status).toBe(304)
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
  })

  it('answers ranges, and a range past the end with 416', async () => {
    const part = await get('/media/pic.webp', { Range: 'bytes=0-3' })
    expect(part.status).toBe(206)
    expect(part.body.toString()).toBe('RIFF')
    expect(part.headers['content-range']).toBe(`bytes 0-3/${files['media/pic.webp']!.length}`)
    expect((await get('/media/pic.webp', { Range: 'bytes=9999-' })).status).toBe(416)
    expect((await get('/media/pic.webp', { Range: 'bytes=5-2' })).status).toBe(416)
  })

  it('gzips text as nginx does, with Vary: Accept-Encoding, and sends the whole file instead of a range it would compress', async () => {
    const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, br' })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(gunzipSync(dechunk(response.body)).toString()).toBe(files['assets/app-abc123.js'])
    expect((await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBeUndefined()
    expect((await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip', Range: 'bytes=0-3' })).status).toBe(200)
    expect((await get('/media/pic.webp', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined()
  })

  it('answers HEAD with the headers of the GET, gzip included, and no body', async () => {
    const head = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.headers.vary).toBe('Accept-Encoding')
    expect(head.headers['content-length']).toBeUndefined()
    expect(head.body.length).toBe(0)
  })

  it("answers a request line longer than nginx's 8 KB buffer with 414", async () => {
    // With "GET ", " HTTP/1.1" and CRLF, a path of 8177 bytes fills the buffer exactly.
    expect((await get('/' + 'a'.repeat(8176))).status).toBe(404)
    expect((await get('/' + 'a'.repeat(8177))).status).toBe(414)
    expect((await get('/' + 'a'.repeat(9000))).status).toBe(414)
    expect((await get('/' + 'a'.repeat(20000))).status).toBe(414)
  })

  it('answers several ranges with one multipart/byteranges reply laid out as nginx does', async () => {
    const response = await get('/media/pic.webp', { Range: 'bytes=0-1,4-7' })
    expect(response.status).toBe(206)
    const boundary = /^multipart\/byteranges; boundary=(\d{20})$/.exec(response.headers['content-type']!)?.[1]
    expect(boundary).toMatch(/^\d{20}$/)
    const size = files['media/pic.webp']!.length
    const part = (range: string, bytes: string) => `\r\n--${boundary}\r\nContent-Type: image/webp\r\nContent-Range: bytes ${range}/${size}\r\n\r\n${bytes}`
    expect(response.body.toString()).toBe(`${part('0-1', 'RI')}${part('4-7', '....')}\r\n--${boundary}--\r\n`)
  })

  it('answers a malformed range with 416, and one it would compress with the whole file', async () => {
    const response = await get('/media/pic.webp', { Range: 'bytes=abc' })
    expect(response.status).toBe(416)
    expect(response.headers['content-range']).toBe(`bytes */${files['media/pic.webp']!.length}`)
    expect((await get('/media/pic.webp', { Range: 'items=0-1' })).status).toBe(200)
    expect((await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip', Range: 'bytes=abc' })).status).toBe(200)
  })

  it('answers If-Modified-Since with 304 only for the exact Last-Modified, as if_modified_since exact does', async () => {
    const lastModified = (await get('/media/pic.webp')).headers['last-modified']!
    expect((await get('/media/pic.webp', { 'If-Modified-Since': lastModified })).status).toBe(304)
    expect((await get('/media/pic.webp', { 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' })).status).toBe(200)
  })

  it('answers requests its parser refuses with 400 and the security headers', async () => {
    const response = (await rawRequest(port, 'garbage\r\n\r\n'))!
    expect(response.status).toBe(400)
    expect(response.headers['content-security-policy']).toBe(new Map(readSecurityHeaders()).get('Content-Security-Policy'))
    expect((await rawRequest(port, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n'))!.status).toBe(400)
  })
})

/** The CSP source of each inline script in index.html ('sha256-…'). */
function inlineScriptHashes(): string[] {
  const page = readFileSync(join(projectRoot, 'index.html'), 'utf8')
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`)
}

describe('one list of headers', () => {
  it("allows index.html's inline scripts by their hashes, in the header and the page's own policy", () => {
    const hashes = inlineScriptHashes()
    expect(hashes.length).toBeGreaterThan(0)
    const page = readFileSync(join(projectRoot, 'index.html'), 'utf8')
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)![1]!
    for (const policy of [meta, new Map(readSecurityHeaders()).get('Content-Security-Policy')!]) {
      const sources = cspDirectives(policy).get('script-src')!.split(' ')
      for (const hash of hashes) expect(sources).toContain(hash)
      expect(sources).not.toContain("'unsafe-inline'")
    }
  })

  it("index.html's CSP meta tag is the header's policy less frame-ancestors (which a meta tag cannot carry), and narrower where the build adds the newsletter endpoint", () => {
    const header = cspDirectives(new Map(readSecurityHeaders()).get('Content-Security-Policy')!)
    const page = readFileSync(join(projectRoot, 'index.html'), 'utf8')
    const metaOf = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]
    const meta = metaOf(page)
    expect(meta).toBeDefined()
    header.delete('frame-ancestors')
    // The header allows any https: origin there; the page's policy 'self' plus the one origin the build adds.
    for (const name of endpointDirectives) header.set(name, header.get(name)!.replace(/ https:$/, ''))
    expect(cspDirectives(meta!)).toEqual(header)
    const built = cspDirectives(metaOf(allowEndpointOrigin(page, 'https://news.example'))!)
    for (const name of endpointDirectives) expect(built.get(name)).toBe("'self' https://news.example")
    expect(allowEndpointOrigin(page, undefined)).toBe(page)
  })

  it('refuses a headers file it cannot read whole', () => {
    expect(() => readSecurityHeaders('add_header X-Frame-Options DENY;\n')).toThrow('security-headers.conf:1')
    expect(readSecurityHeaders('# c\nadd_header A "b c" always;\n')).toEqual([['A', 'b c']])
  })
})

/** The body of a chunked reply. */
function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at)
    const size = parseInt(body.subarray(at, lineEnd).toString(), 16)
    if (!size) return Buffer.concat(parts)
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

describe('the sign-up path', () => {
  it('answers as nginx does with the service down (502, the security headers), and serves the sign-up when given one', async () => {
    const down = await get('/api/signup', { 'Content-Length': '0' }, 'POST')
    expect(down.status).toBe(502)
    expect(down.headers['x-frame-options']).toBe('DENY')
    expect(down.headers['cache-control']).toBe('no-store')
    const store = new SignupStore(join(dir, 'signups.db'))
    const withSignup = createStaticServer(dir, { signup: createSignupHandler(store) })
    await new Promise<void>((resolve) => withSignup.listen(0, '127.0.0.1', resolve))
    const body = 'email=ada%40example.org&website='
    const answer = await rawRequest((withSignup.address() as AddressInfo).port, requestLine('POST', '/api/signup', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length), Accept: 'application/json' }) + body)
    expect(answer!.status).toBe(200)
    expect(answer!.headers['x-frame-options']).toBe('DENY')
    expect(store.list().map((s) => s.email)).toEqual(['ada@example.org'])
    withSignup.close()
    store.close()
  })
})
