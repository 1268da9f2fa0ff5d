import { readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { extname, join, relative, sep } from 'node:path'
import compression from 'compression'
import send from 'send'
import { readGzipTypes, readSecurityHeaders } from './deploy-config.ts'

/**
 * Serves a built site the way deploy/nginx.conf does, so `npm run serve`,
 * the browser tests, the bench and Lighthouse see what production sends:
 * the same statuses, cache rules, media types, gzip and security headers
 * (read from deploy/, see deploy-config.ts). tests/e2e/parity.spec.ts runs
 * both servers on one dist/ and compares them.
 *
 * Files go out through `send` (the engine of Express's static middleware):
 * ETag, Last-Modified, conditional GET and Range (with 416 for bad ranges)
 * come from it; gzip from `compression`. What is here is nginx's part: the
 * request-line rules, try_files and the locations.
 */
export function createStaticServer(dir: string): Server {
  const security = readSecurityHeaders()
  const gzipTypes = readGzipTypes()
  const gzip = compression({
    level: 6,
    threshold: 20,
    // nginx compresses only these statuses and its gzip_types (206 is a 200
    // to nginx's gzip filter, which runs before its range filter: it gets
    // Vary, and is never compressed since handle() drops the Range then).
    filter: (_req, res) => [200, 206, 403, 404].includes(res.statusCode) && gzipTypes.has(mediaType(res)),
  })
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    for (const [name, value] of security) res.setHeader(name, value)
    // nginx offers gzip only: keep compression from choosing br or deflate.
    req.headers['accept-encoding'] = acceptsGzip(req.headers['accept-encoding']) ? 'gzip' : 'identity'
    gzip(req, res, () => handle(dir, gzipTypes, req, res))
  })
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own parser refused the request; answer as nginx does (400 with the headers).
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    const body = errorPage(400)
    const headers = [...security, ['Cache-Control', 'no-cache'], ['Content-Type', html], ['Content-Length', String(body.length)], ['Connection', 'close']]
    socket.end(`HTTP/1.1 400 Bad Request\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n${body}`)
  })
  return server
}

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

function handle(dir: string, gzipTypes: Set<string>, req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Cache-Control', 'no-cache')
  const method = req.method ?? ''
  const path = requestPath(req.url ?? '')
  if (path === undefined || (req.httpVersion === '1.1' && !req.headers.host)) return plain(res, method, 400)
  if (method === 'TRACE') return plain(res, method, 405)
  const location = locationOf(path)
  const file = findFile(dir, path, location.folderIndex)
  // 404.html is served only as the not-found page (nginx: `internal`).
  if (!file || relative(dir, file) === '404.html') return notFound(dir, res, method)
  res.setHeader('Cache-Control', location.cache)
  if (method !== 'GET' && method !== 'HEAD') return plain(res, method, 405)
  res.setHeader('Content-Type', types[extname(file).toLowerCase()] ?? 'application/octet-stream')
  // nginx does not apply a Range to a body it compresses: it sends the whole file.
  if (req.headers['accept-encoding'] === 'gzip' && gzipTypes.has(mediaType(res))) delete req.headers.range
  const urlPath = '/' + relative(dir, file).split(sep).map(encodeURIComponent).join('/')
  send(req, urlPath, { root: dir, dotfiles: 'allow', index: false, cacheControl: false, etag: true, lastModified: true })
    .on('error', (error: { status?: number; headers?: Record<string, string> }) => {
      if (error.status === 412 || error.status === 416) {
        for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value)
        return plain(res, method, error.status)
      }
      notFound(dir, res, method)
    })
    .pipe(res)
}

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
function findFile(dir: string, path: string, folderIndex: boolean): string | undefined {
  const base = join(dir, path)
  const candidates = folderIndex ? [base, join(base, 'index.html')] : [base]
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {}
  }
  return undefined
}

/** The site's 404.html with status 404, read fresh each time (the site may be rebuilt under a running server). */
function notFound(dir: string, res: ServerResponse, method: string): void {
  res.setHeader('Cache-Control', 'no-cache')
  let body: Buffer
  try {
    body = readFileSync(join(dir, '404.html'))
  } catch {
    return plain(res, method, 404)
  }
  res.writeHead(404, { 'Content-Type': html, 'Content-Length': body.length })
  res.end(method === 'HEAD' ? undefined : body)
}

const reasons: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 405: 'Not Allowed', 412: 'Precondition Failed', 416: 'Requested Range Not Satisfiable' }

function errorPage(status: number): string {
  const title = `${status} ${reasons[status] ?? 'Error'}`
  return `<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n</body>\n</html>\n`
}

/** A short error page like nginx's own, for statuses the site has no page for. */
function plain(res: ServerResponse, method: string, status: number): void {
  const body = errorPage(status)
  if (status === 400) res.setHeader('Connection', 'close')
  res.writeHead(status, reasons[status], { 'Content-Type': html, 'Content-Length': Buffer.byteLength(body) })
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
