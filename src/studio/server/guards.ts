/**
 * What keeps the studio's origin the studio's alone. The studio can read
 * and write every page, so anything that runs in its origin can too:
 * - only its own two documents may run script (a strict policy with a
 *   nonce); every other response (public/'s pictures, the app's files, the
 *   API's answers) is sandboxed, so an SVG with a <script> put among the
 *   pictures opens as an inert document with an origin of its own;
 * - no other site may frame it (clickjacking) or embed its files;
 * - every API request carries the session's token, which only the studio's
 *   own page receives (in its HTML, which other origins cannot read).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** The studio's own documents, by path: they alone get a policy that lets script run. */
export const studioDocuments = new Set(['/', '/index.html', '/preview.html'])

/** The header each API request carries its token in (a custom header also makes any cross-site request ask first, which the studio never answers). */
export const tokenHeader = 'x-studio-token'

/** The meta tag the studio's page reads its token from. */
export const tokenMetaName = 'studio-token'

/** The meta tag the team studio's page reads who is signed in from (name, email, role as JSON). */
export const userMetaName = 'studio-user'

/** The local studio's one session: whoever has its page (served only to 127.0.0.1) has its token. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** `forms`: the team studio's page posts one form, Sign out, to its own origin; the local studio's posts none. */
export function documentPolicy(nonce: string, { forms = false } = {}): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    // CodeMirror puts <style> elements in the page.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    `form-action ${forms ? "'self'" : "'none'"}`,
    "object-src 'none'",
  ].join('; ')
}

/** Everything that is not a studio document: shown, never run. */
export const inertPolicy = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; frame-ancestors 'self'"

/** The headers every answer carries; a studio document's policy replaces the inert one. */
/** `referrer`: no-referrer for the local studio; the team studio's pages need their Origin sent (team-gate.ts's teamReferrerPolicy). */
export function setSecurityHeaders(res: ServerResponse, policy: string, referrer = 'no-referrer'): void {
  res.setHeader('Content-Security-Policy', policy)
  res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Referrer-Policy', referrer)
}

/** Whether the request carries this session's token. */
export function hasToken(req: IncomingMessage, token: string): boolean {
  const sent = req.headers[tokenHeader]
  if (typeof sent !== 'string') return false
  const a = Buffer.from(sent)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}
