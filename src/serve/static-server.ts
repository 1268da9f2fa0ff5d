import { readFileSync, statSync, type Stats } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { extname, join, relative, sep } from 'node:path'
import compression from 'compression'
import send from 'send'
import { ifRangeHolds, multipartRanges, parseRanges } from './byte-ranges.ts'
import { readFileSandbox, readGzipTypes, readSecurityHeaders } from './deploy-config.ts'
import { builtInSignup } from '../shared/form-endpoint.ts'

/**
 * Serves a built site the way deploy/nginx.conf does, so `npm run serve`,
 * the browser tests, the bench and Lighthouse see what production sends:
 * the same statuses, cache rules, media types, gzip and security headers
 * (read from deploy/, see deploy-config.ts). tests/e2e/parity.spec.ts runs
 * both servers on one dist/ and compares them.
 *
 * Files go out through `send` (the engine of Express's static middleware):
 * Last-Modified and conditional GET come from it; gzip from `compression`.
 * What is here is nginx's part: the request-line rules, try_files, the
 * locations, nginx's ETag, its exact If-Modified-Since, and its Range rules
 * (byte-ranges.ts), where send differs.
 */
export function createStaticServer(dir: string, options: { signup?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {}): Server {
  const security = readSecurityHeaders()
  const gzipTypes = readGzipTypes()
  const sandboxOf = readFileSandbox()
  const gzip = compression({
    level: 6,
    threshold: 20,
    // nginx compresses only these statuses and its gzip_types (206 is a 200
    // to nginx's gzip filter, which runs before its range filter: it gets
    // Vary, and is never compressed since handle() drops the Range then).
    // A 416 gets Vary too (the gzip filter saw a 200), judged, like a
    // multipart 206, by the file's type rather than the reply's.
    filter: (_req, res) => [200, 206, 403, 404, 416].includes(res.statusCode) && gzipTypes.has(fileTypes.get(res) ?? mediaType(res)),
  })
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    for (const [name, value] of security) res.setHeader(name, value)
    // nginx answers a HEAD with the headers of the GET, gzip included, so it
    // is served as a GET: Node made this response for a HEAD and drops the body.
    if (req.method === 'HEAD') req.method = 'GET'
    lastHeaderRules(res)
    // nginx offers gzip only: keep compression from choosing br or deflate.
    req.headers['accept-encoding'] = acceptsGzip(req.headers['accept-encoding']) ? 'gzip' : 'identity'
    // nginx proxies the sign-up to its service (deploy/nginx.conf); here it is
    // served in this process when given, and answered as nginx does with the
    // service down (502) when not.
    if (requestPath(req.url ?? '') === builtInSignup) {
      res.setHeader('Cache-Control', 'no-store')
      if (options.signup) return void options.signup(req, res).catch(() => void (res.headersSent || plain(res, req.method ?? '', 502)))
      return plain(res, req.method ?? '', 502)
    }
    gzip(req, res, () => handle(dir, gzipTypes, sandboxOf, req, res))
  })
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own parser refused the request; answer as nginx does (400 with the headers).
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    // A request line too long for nginx's buffer is a 414 however long it is; Node's own limit (16 KB) only comes later.
    const packet = (error as { rawPacket?: Buffer }).rawPacket
    const status = error.code === 'HPE_HEADER_OVERFLOW' && packet && !packet.subarray(0, maxRequestLine).includes('\n') ? 414 : 400
    const body = errorPage(status)
    const headers = [...security, ['Cache-Control', 'no-cache'], ['Content-Type', html], ['Content-Length', String(body.length)], ['Connection', 'close']]
    socket.end(`HTTP/1.1 ${status} ${reasons[status]}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n${body}`)
  })
  return server
}

/**
 * nginx's gzip filter makes the ETag of what it compresses weak and drops
 * Accept-Ranges; a 304 has no Accept-Ranges either. Registered before
 * `compression`, this runs after it has set Content-Encoding (each writeHead
 * wrapper runs before the one it wraps).
 */
function lastHeaderRules(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    if (res.statusCode === 304 || args[0] === 304) res.removeHeader('Accept-Ranges')
    if (res.getHeader('Content-Encoding') === 'gzip') {
      const etag = res.getHeader('ETag')
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`)
      res.removeHeader('Accept-Ranges')
    }
    return writeHead(...args)
  }) as typeof res.writeHead
}

/** nginx's large_client_header_buffers (4 8k): a request line and its CRLF must fit in 8 KB. */
const maxRequestLine = 8192

/** The type of the file a reply is made from, when its Content-Type is not that (multipart, 416). */
const fileTypes = new WeakMap<ServerResponse, string>()

const html = 'text/html; charset=utf-8'

/** nginx's /etc/nginx/mime.types for the files a site holds, with `charset utf-8` added to its charset_types. */
const types: Record<string, string> = {
  '.html': html,
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
}

/** deploy/nginx.conf's locations: the media regex wins over the /assets/ prefix, as nginx's regex locations do. */
function locationOf(path: string): { cache: string; folderIndex: boolean } {
  if (/\.(?:webp|avif|png|jpe?g|svg|ico|webm|mp4|woff2)$/i.test(path)) return { cache: 'public, max-age=86400', folderIndex: false }
  if (path.startsWith('/assets/')) return { cache: 'public, max-age=31536000, immutable', folderIndex: false }
  return { cache: 'no-cache', folderIndex: true }
}

function handle(dir: string, gzipTypes: Set<string>, sandboxOf: (path: string) => string, req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Cache-Control', 'no-cache')
  const method = req.method ?? ''
  if (`${method} ${req.url} HTTP/${req.httpVersion}\r\n`.length > maxRequestLine) return plain(res, method, 414)
  const path = requestPath(req.url ?? '')
  if (path === undefined || (req.httpVersion === '1.1' && !req.headers.host)) return plain(res, method, 400)
  if (method === 'TRACE') return plain(res, method, 405)
  // deploy/nginx.conf's `location ~ /index.html$`: a page asked for by its file goes to its clean address.
  const clean = /^(.*)\/index\.html$/.exec(path)
  if (clean) {
    // nginx's own page for a `return`, whose type carries no charset.
    return plain(res, method, 301, { Location: `http://${req.headers.host ?? '127.0.0.1'}${clean[1] || '/'}`, 'Content-Type': 'text/html' })
  }
  const location = locationOf(path)
  const found = findFile(dir, path, location.folderIndex)
  // 404.html is served only as the not-found page (nginx: `internal`).
  if (!found || relative(dir, found.file) === '404.html') return notFound(dir, res, method)
  const { file, stat } = found
  res.setHeader('Cache-Control', location.cache)
  // A file that is not a page or a bundle opens inert (nginx's $file_sandbox): a second policy, enforced beside the first.
  const sandbox = sandboxOf(path)
  if (sandbox) res.setHeader('Content-Security-Policy', [String(res.getHeader('Content-Security-Policy')), sandbox])
  if (method !== 'GET' && method !== 'HEAD') return plain(res, method, 405)
  const type = types[extname(file).toLowerCase()] ?? 'application/octet-stream'
  res.setHeader('Content-Type', type)
  // nginx's ETag (send keeps one already set), so If-Range and If-None-Match compare against the same tag.
  const etag = etagOf(stat)
  res.setHeader('ETag', etag)
  // if_modified_since exact: a date other than Last-Modified's is no condition at all, not even with If-None-Match.
  const since = req.headers['if-modified-since']
  if (since !== undefined && Date.parse(since) !== Math.floor(stat.mtimeMs / 1000) * 1000) {
    delete req.headers['if-modified-since']
    delete req.headers['if-none-match']
  }
  // nginx does not apply a Range to a body it compresses (it sends the whole
  // file), nor one whose If-Range no longer holds. send is left no Range to
  // read: its rules differ, so the answer is made here, after its 412 and 304.
  const compressed = req.headers['accept-encoding'] === 'gzip' && gzipTypes.has(mediaType(res))
  const range = req.headers.range === undefined || compressed || !ifRangeHolds(req.headers['if-range']?.toString(), etag, stat.mtimeMs) ? 'whole' : parseRanges(req.headers.range, stat.size)
  delete req.headers.range
  delete req.headers['if-range']
  const urlPath = '/' + relative(dir, file).split(sep).map(encodeURIComponent).join('/')
  const sending = send(req, urlPath, { root: dir, dotfiles: 'allow', index: false, cacheControl: false, etag: true, lastModified: true })
  const streamWhole = sending.stream.bind(sending)
  sending.stream = (streamPath, options) => {
    if (range === 'whole') return streamWhole(streamPath, options)
    fileTypes.set(res, type.split(';')[0]!)
    res.removeHeader('Accept-Ranges')
    if (range === 'unsatisfiable') {
      for (const name of ['ETag', 'Last-Modified']) res.removeHeader(name)
      res.setHeader('Content-Range', `bytes */${stat.size}`)
      return plain(res, method, 416)
    }
    res.statusCode = 206
    if (range.length === 1) {
      const [{ start, end }] = range as [{ start: number; end: number }]
      res.setHeader('Content-Range', `bytes ${start}-${end - 1}/${stat.size}`)
      res.setHeader('Content-Length', end - start)
      return streamWhole(streamPath, { ...options, start, end: end - 1 })
    }
    const { contentType, body } = multipartRanges(streamPath, stat.size, range, type)
    res.setHeader('Content-Type', contentType)
    res.setHeader('Content-Length', body.length)
    res.end(body)
  }
  sending
    .on('error', (error: { status?: number }) => {
      if (error.status === 412) return plain(res, method, 412)
      notFound(dir, res, method)
    })
    .pipe(res)
}

/** nginx's ETag: the file's time in seconds and its size, in hex. */
const etagOf = (stat: Stats) => `"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${stat.size.toString(16)}"`

const mediaType = (res: ServerResponse) => String(res.getHeader('content-type') ?? '').split(';')[0]!

/**
 * The path of a request target as nginx reads it: the query dropped,
 * %XX decoded (a broken escape or a NUL is a 400), repeated slashes merged,
 * `.` and `..` resolved (above the root is a 400). A trailing slash stays.
 */
export function requestPath(target: string): string | undefined {
  let raw = target
  const absolute = /^https?:\/\/[^/?#]*/i.exec(raw)
  if (absolute) raw = raw.slice(absolute[0].length) || '/'
  raw = raw.split(/[?#]/, 1)[0]!
  if (!raw.startsWith('/')) return undefined
  const bytes: number[] = []
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i)
    if (code === 0x25) {
      const hex = raw.slice(i + 1, i + 3)
      if (!/^[0-9a-f]{2}$/i.test(hex)) return undefined
      bytes.push(parseInt(hex, 16))
      i += 2
    } else if (code > 0x7f) {
      bytes.push(...Buffer.from(raw[i]!, 'latin1'))
    } else bytes.push(code)
  }
  if (bytes.includes(0)) return undefined
  const segments: string[] = []
  const parts = Buffer.from(bytes).toString('utf8').split('/')
  for (const part of parts.slice(1)) {
    if (part === '..') {
      if (!segments.length) return undefined
      segments.pop()
    } else if (part !== '.' && part !== '') segments.push(part)
  }
  const last = parts.at(-1)
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..')
  return '/' + segments.join('/') + (trailing ? '/' : '')
}

/** try_files $uri [$uri/index.html]: a file, never a folder. */
function findFile(dir: string, path: string, folderIndex: boolean): { file: string; stat: Stats } | undefined {
  const base = join(dir, path)
  const candidates = folderIndex ? [base, join(base, 'index.html')] : [base]
  for (const candidate of candidates) {
    try {
      const stat = statSync(candidate)
      if (stat.isFile()) return { file: candidate, stat }
    } catch {}
  }
  return undefined
}

/** The site's 404.html with status 404, read fresh each time (the site may be rebuilt under a running server). */
function notFound(dir: string, res: ServerResponse, method: string): void {
  res.setHeader('Cache-Control', 'no-cache')
  let body: Buffer
  let stat: Stats
  try {
    body = readFileSync(join(dir, '404.html'))
    stat = statSync(join(dir, '404.html'))
  } catch {
    return plain(res, method, 404)
  }
  res.removeHeader('Last-Modified')
  res.writeHead(404, { 'Content-Type': html, 'Content-Length': body.length, ETag: etagOf(stat) })
  res.end(method === 'HEAD' ? undefined : body)
}

const reasons: Record<number, string> = {
  301: 'Moved Permanently',
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Not Allowed',
  412: 'Precondition Failed',
  414: 'Request-URI Too Large',
  416: 'Requested Range Not Satisfiable',
  502: 'Bad Gateway',
}

function errorPage(status: number): string {
  const title = `${status} ${reasons[status] ?? 'Error'}`
  return `<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n</body>\n</html>\n`
}

/** A short error page like nginx's own, for statuses the site has no page for (and its redirects), with any headers of its own. */
function plain(res: ServerResponse, method: string, status: number, headers: Record<string, string> = {}): void {
  const body = errorPage(status)
  if (status === 400) res.setHeader('Connection', 'close')
  res.writeHead(status, reasons[status], { 'Content-Type': html, 'Content-Length': Buffer.byteLength(body), ...headers })
  res.end(method === 'HEAD' ? undefined : body)
}

/** Whether Accept-Encoding lists gzip with a non-zero quality (how nginx reads it). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  return String(header ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().split(';')
      if (name?.trim().toLowerCase() !== 'gzip') return false
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined)
      return q === undefined || Number(q) > 0
    })
}
