/**
 * public/'s pictures and videos for the previews, served by the studio
 * itself rather than by Vite: only plain files whose real location is
 * inside public/ (a link out of it is refused, as the build refuses it),
 * never a dotfile, and with the inert policy of guards.ts already set by
 * the caller.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, sep } from 'node:path'
import send from 'send'

/** The file under `publicDir` that `pathname` names, if it is one the studio may serve. */
export function publicFile(publicDir: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((part) => part === '..' || part.startsWith('.'))) return undefined
  const path = join(publicDir, decoded)
  if (!lstatSync(path, { throwIfNoEntry: false })) return undefined
  try {
    const root = realpathSync(publicDir)
    const real = realpathSync(path)
    return real.startsWith(root + sep) && statSync(real).isFile() ? real : undefined
  } catch {
    return undefined
  }
}

export function sendPublicFile(req: IncomingMessage, res: ServerResponse, file: string): void {
  // send() takes a URL-encoded path: a file named "a%20b.webp" must not become "a b.webp".
  send(req, file.split('/').map(encodeURIComponent).join('/'), { dotfiles: 'allow', index: false, etag: true, lastModified: true, cacheControl: false })
    .on('error', (error: { status?: number }) => {
      res.statusCode = error.status ?? 500
      res.end()
    })
    .pipe(res)
}
