/**
 * The built app's files (build-client.ts), read into memory when the studio
 * starts and answered from there: a file is found by its exact URL or not at
 * all, so no request names a path on disk, and a later build that replaces
 * the folder leaves a running studio whole.
 *
 * Its two documents get, as they are sent, what only this session may know:
 * the API token as a meta tag in the studio's page, and the policy's nonce
 * on every script tag (guards.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { extname, join } from 'node:path'
import { clientAssetsDir } from './build-client.ts'
import { studioDocuments, tokenMetaName, userMetaName } from '../guards.ts'
import type { TeamUser } from '../../team/team-store.ts'
import { escapeHtml } from '../../../shared/escape-html.ts'

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
}

/** The built file each of the studio's documents is. */
const fileOf = (path: string) => (path === '/preview.html' ? 'preview.html' : 'index.html')

export class ClientFiles {
  private constructor(
    private readonly documents: ReadonlyMap<string, string>,
    private readonly assets: ReadonlyMap<string, Buffer>,
  ) {}

  static read(dir: string): ClientFiles {
    const documents = new Map([...studioDocuments].map((path) => [path, readFileSync(join(dir, fileOf(path)), 'utf8')]))
    const assets = new Map(readdirSync(join(dir, clientAssetsDir)).map((name) => [`/${clientAssetsDir}/${name}`, readFileSync(join(dir, clientAssetsDir, name))]))
    return new ClientFiles(documents, assets)
  }

  isDocument(pathname: string): boolean {
    return this.documents.has(pathname)
  }

  /** Sends the document at `pathname` for this session: its scripts carry the nonce, the studio's page its token. */
  sendDocument(res: ServerResponse, pathname: string, { nonce, token, user }: { nonce: string; token: string; user?: TeamUser }): void {
    let html = this.documents.get(pathname)!.replace(/<script\b/g, `<script nonce="${nonce}"`)
    if (pathname !== '/preview.html') {
      const signedIn = user ? `  <meta name="${userMetaName}" content="${escapeHtml(JSON.stringify({ name: user.name, email: user.email, role: user.role }))}" />\n` : ''
      html = html.replace('</head>', `  <meta name="${tokenMetaName}" content="${token}" />\n${signedIn}  </head>`)
    }
    // A document is never kept: its token is this session's.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(html)
  }

  /** Sends the built file at `pathname`, if there is one; false if not. */
  sendAsset(res: ServerResponse, pathname: string): boolean {
    const body = this.assets.get(pathname)
    if (!body) return false
    // Their names hold their content's hash: a name is never reused for other bytes.
    res.writeHead(200, { 'content-type': types[extname(pathname)] ?? 'application/octet-stream', 'content-length': body.length, 'cache-control': 'max-age=31536000, immutable' })
    // Node sends no body in answer to HEAD.
    res.end(body)
    return true
  }
}
