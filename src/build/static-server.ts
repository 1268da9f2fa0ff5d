import { createReadStream, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

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

/**
 * Serves a built site the way a static host does: /route -> route/index.html,
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
    try {
      headers['content-length'] = String(statSync(target).size)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    res.writeHead(status, headers)
    if (req.method === 'HEAD') res.end()
    else createReadStream(target).pipe(res)
  })
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
