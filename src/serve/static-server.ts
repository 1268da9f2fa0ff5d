import { createReadStream, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml'])

/**
 * Serves a built site the way a static host does (and as deploy/nginx.conf
 * does): gzip for text, so measurements see real transfer sizes; /route -> route/index.html,
 * a real 404 status with 404.html for anything else (unlike `vite preview`,
 * which answers every unknown path with index.html and 200).
 */
export function createStaticServer(dir: string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      pathname = '/'
    }
    const file = resolveFile(dir, pathname)
    const status = file ? 200 : 404
    const target = file ?? join(dir, '404.html')
    const headers: Record<string, string> = {
      'content-type': types[extname(target)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    let size: number
    try {
      size = statSync(target).size
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    if (compressible.has(extname(target)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const body = gzipped(target)
      res.writeHead(status, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(body.length) })
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    res.writeHead(status, { ...headers, 'content-length': String(size) })
    if (req.method === 'HEAD') res.end()
    else createReadStream(target).pipe(res)
  })
}

const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>()

/** Built files do not change while served; compress each once. */
function gzipped(file: string): Buffer {
  const { mtimeMs } = statSync(file)
  const hit = gzipCache.get(file)
  if (hit && hit.mtimeMs === mtimeMs) return hit.body
  const body = gzipSync(readFileSync(file), { level: 9 })
  gzipCache.set(file, { mtimeMs, body })
  return body
}

function resolveFile(dir: string, pathname: string): string | undefined {
  const safe = normalize(pathname).replace(/^(\.\.(\/|\\|$))+/, '')
  const base = join(dir, safe)
  if (!base.startsWith(dir + sep) && base !== dir) return undefined
  for (const candidate of [base, join(base, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {}
  }
  return undefined
}
