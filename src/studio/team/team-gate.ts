/**
 * Who is asking, in the team studio: the sign-in and set-password pages,
 * signing out, and the session each request's cookie names. The server
 * (server.ts) asks this gate before anything else and answers a request
 * without a session with the sign-in page (documents) or a 401 (the API).
 *
 * A request that changes anything must come from the studio's own origin
 * (its Origin header), and the API's also carry the session's own token
 * (guards.ts), which only the studio's page, served to that session, holds.
 * The cookie is SameSite=Strict, HttpOnly and, over HTTPS, __Host- and
 * Secure: another site can neither send it nor read it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords.ts'
import { linkUsedPage, setPasswordPage, signInPage, signInPolicy } from './sign-in-pages.ts'
import { TeamRefusal, sessionIdleMs, type Session, type TeamStore } from './team-store.ts'
import { setSecurityHeaders } from '../server/guards.ts'
import { readJsonObject } from '../server/request-body.ts'
import { Passkeys } from './passkeys.ts'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'

/** Wrong passwords allowed in a minute, for one address and for one client; the next is refused until the oldest is a minute old. */
export const failureLimits = { perAddress: 10, perClient: 20, windowMs: 60_000 }

/**
 * The team studio's pages send their origin with each form and request
 * they make: under no-referrer, Chromium sends `Origin: null` with a
 * same-origin POST, which the origin check would refuse. Other sites still
 * learn nothing (same-origin sends no Referer to them).
 */
export const teamReferrerPolicy = 'same-origin'

/** Passkey sign-ins a client may start in a minute. */
const passkeyStartsPerMinute = 30

/** The longest form body read (an address and two passwords fit many times over). */
const formBodyLimit = 8 * 1024

export class TeamGate {
  readonly cookieName: string
  readonly passkeys: Passkeys
  private readonly secure: boolean

  constructor(
    readonly store: TeamStore,
    readonly baseUrl: URL,
  ) {
    this.passkeys = new Passkeys(store, baseUrl)
    this.secure = baseUrl.protocol === 'https:'
    // __Host-: the browser keeps it only when Secure, for this host alone, on every path.
    this.cookieName = this.secure ? '__Host-studio-session' : 'studio-session'
  }

  /** Whether the request is addressed to the studio's host (a rebound DNS name is not). */
  ownsHost(req: IncomingMessage): boolean {
    return req.headers.host === this.baseUrl.host
  }

  /** Whether the request says it comes from a page of the studio's own origin; a request with no Origin header does not. */
  fromOwnOrigin(req: IncomingMessage): boolean {
    return req.headers.origin === this.baseUrl.origin
  }

  /** The open session the request's cookie names. */
  sessionOf(req: IncomingMessage): Session | undefined {
    const token = this.cookieOf(req)
    return token ? this.store.session(token) : undefined
  }

  /**
   * Answers the gate's own addresses; false for every other request. The
   * accounts file busy or unwritable is said on the page, and nothing is
   * changed (its transaction rolled back).
   */
  async answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    try {
      return await this.route(req, res, url)
    } catch (error) {
      if (!(error instanceof TeamRefusal) || res.headersSent) throw error
      res.removeHeader('set-cookie')
      sendPage(res, 503, (nonce) => signInPage(nonce, { message: error.message }))
      return true
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const route = `${req.method} ${url.pathname}`
    switch (route) {
      case 'GET /sign-in':
      case 'HEAD /sign-in':
        if (this.sessionOf(req)) redirect(res, '/')
        else sendPage(res, 200, (nonce) => signInPage(nonce))
        return true
      case 'POST /sign-in':
        await this.signIn(req, res)
        return true
      case 'GET /set-password':
      case 'HEAD /set-password': {
        const invite = url.searchParams.get('invite') ?? ''
        const user = invite ? this.store.inviteUser(invite) : undefined
        if (!user) sendPage(res, 410, linkUsedPage)
        else sendPage(res, 200, (nonce) => setPasswordPage(nonce, { invite, name: user.name, email: user.email }))
        return true
      }
      case 'POST /set-password':
        await this.setPassword(req, res)
        return true
      case 'POST /passkey/options':
        await this.passkeyStart(req, res)
        return true
      case 'POST /passkey/sign-in':
        await this.passkeySignIn(req, res)
        return true
      case 'POST /sign-out':
        this.signOut(req, res)
        return true
      default:
        return false
    }
  }

  private async signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.fromOwnOrigin(req)) return refuse(res)
    const form = await readForm(req)
    if (!form) return sendPage(res, 400, (nonce) => signInPage(nonce, { message: 'The form did not arrive whole. Try again.' }))
    const email = (form.get('email') ?? '').trim()
    const password = form.get('password') ?? ''
    const client = clientOf(req)
    const keys = [`address:${email.toLowerCase()}`, `client:${client}`]
    // Checked before the password is: a guess over the limit costs no hashing and learns nothing.
    const wait = this.waitSeconds(keys)
    if (wait) {
      res.setHeader('retry-after', String(wait))
      return sendPage(res, 429, (nonce) => signInPage(nonce, { email, message: `Too many wrong passwords in the last minute. Wait ${wait} seconds, then try again.` }))
    }
    const user = this.store.userByEmail(email)
    const stored = user ? this.store.passwordHashOf(user.id) : undefined
    // A name that is no account is checked against a decoy, so both take as long.
    const right = await verifyPassword(password, stored ?? (await decoyHash()))
    if (!user || !stored || !right) {
      this.store.recordFailure(keys, failureLimits.windowMs)
      return sendPage(res, 401, (nonce) => signInPage(nonce, { email, message: 'That email address and password do not match an account. Check both and try again.' }))
    }
    this.startSession(res, user.id)
  }

  private async setPassword(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.fromOwnOrigin(req)) return refuse(res)
    const form = await readForm(req)
    const invite = form?.get('invite') ?? ''
    const user = invite ? this.store.inviteUser(invite) : undefined
    if (!form || !user) return sendPage(res, 410, linkUsedPage)
    const password = form.get('password') ?? ''
    const problem = passwordProblem(password) ?? (password === form.get('again') ? undefined : 'The two passwords are not the same. Type them again.')
    if (problem) return sendPage(res, 422, (nonce) => setPasswordPage(nonce, { invite, name: user.name, email: user.email, message: problem }))
    const hash = await hashPassword(password)
    let used
    try {
      used = this.store.useInvite(invite, hash)
    } catch (error) {
      // Used by a second submit that won the race, or expired while the hash was made.
      if (error instanceof TeamRefusal) return sendPage(res, 410, linkUsedPage)
      throw error
    }
    this.startSession(res, used.id)
  }

  /**
   * A passkey sign-in's challenge, kept five minutes: asked for by anyone
   * before signing in, so at most `passkeyStartsPerMinute` a client (counted
   * as wrong passwords are), or the accounts file would fill with them.
   */
  private async passkeyStart(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.fromOwnOrigin(req)) return refuse(res)
    const key = `passkey-start:${clientOf(req)}`
    if (this.store.failures(key, failureLimits.windowMs).count >= passkeyStartsPerMinute) return sendJson(res, 429, { error: 'Too many passkey sign-ins started from here in the last minute. Wait a minute, then try again.' })
    this.store.recordFailure([key], failureLimits.windowMs)
    sendJson(res, 200, await this.passkeys.signInOptions())
  }

  private async passkeySignIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.fromOwnOrigin(req)) return refuse(res)
    const client = `client:${clientOf(req)}`
    const wait = this.waitSeconds([client])
    if (wait) return sendJson(res, 429, { error: `Too many failed sign-ins from here in the last minute. Wait ${wait} seconds, then try again.` })
    let body: Record<string, unknown>
    try {
      body = await readJsonObject(req)
    } catch {
      return sendJson(res, 400, { error: 'The sign-in did not arrive whole. Try again.' })
    }
    try {
      const user = await this.passkeys.signIn(String(body.attempt ?? ''), body.response as AuthenticationResponseJSON)
      const { token } = this.store.newSession(user.id)
      res.setHeader('set-cookie', this.cookie(token, sessionIdleMs / 1000))
      sendJson(res, 200, { signedIn: user.name })
    } catch (error) {
      if (!(error instanceof TeamRefusal)) throw error
      this.store.recordFailure([client], failureLimits.windowMs)
      sendJson(res, 401, { error: error.message })
    }
  }

  private signOut(req: IncomingMessage, res: ServerResponse): void {
    if (!this.fromOwnOrigin(req)) return refuse(res)
    const token = this.cookieOf(req)
    if (token) this.store.endSession(token)
    res.setHeader('set-cookie', this.cookie('', 0))
    redirect(res, '/sign-in')
  }

  private startSession(res: ServerResponse, userId: number): void {
    const { token } = this.store.newSession(userId)
    res.setHeader('set-cookie', this.cookie(token, sessionIdleMs / 1000))
    redirect(res, '/')
  }

  /** Seconds until every key is under its limit again; 0 when none is over. */
  private waitSeconds(keys: readonly string[]): number {
    const now = Date.now()
    let wait = 0
    for (const key of keys) {
      const limit = key.startsWith('address:') ? failureLimits.perAddress : failureLimits.perClient
      const { count, oldest } = this.store.failures(key, failureLimits.windowMs, now)
      if (count >= limit && oldest !== undefined) wait = Math.max(wait, Math.ceil((oldest + failureLimits.windowMs - now) / 1000))
    }
    return wait
  }

  private cookie(value: string, maxAgeSeconds: number): string {
    return [`${this.cookieName}=${value}`, 'Path=/', `Max-Age=${Math.floor(maxAgeSeconds)}`, 'HttpOnly', 'SameSite=Strict', ...(this.secure ? ['Secure'] : [])].join('; ')
  }

  private cookieOf(req: IncomingMessage): string | undefined {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=')
      if (name === this.cookieName) return value.join('=') || undefined
    }
    return undefined
  }
}

/** The client's address: nginx's X-Real-IP when the request came through it (from this machine), else the socket's. */
function clientOf(req: IncomingMessage): string {
  const direct = req.socket.remoteAddress ?? ''
  const forwarded = req.headers['x-real-ip']
  return typeof forwarded === 'string' && /^(127\.|::1$|::ffff:127\.)/.test(direct) ? forwarded : direct
}

/** A urlencoded form body, or undefined when it is something else or too long. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return undefined
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > formBodyLimit) return undefined
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function sendPage(res: ServerResponse, status: number, html: (nonce: string) => string): void {
  const nonce = randomBytes(18).toString('base64url')
  setSecurityHeaders(res, signInPolicy(nonce), teamReferrerPolicy)
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(html(nonce))
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { location: to, 'cache-control': 'no-store' })
  res.end()
}

function refuse(res: ServerResponse): void {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  res.end('Refused: this form is accepted only from the studio itself. Open the studio and try there.\n')
}
