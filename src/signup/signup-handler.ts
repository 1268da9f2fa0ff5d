import { createHash } from 'node:crypto'
import { escapeHtml } from '../shared/escape-html.ts'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { builtInSignup } from '../shared/form-endpoint.ts'
import { normalAddress } from './email-address.ts'
import { RateLimit } from './rate-limit.ts'
import type { SignupStore } from './signup-store.ts'

/**
 * POST /api/signup: the footer's form. The same answer, in words, to the
 * form as the browser posts it without JavaScript (an HTML page with a way
 * back) and to the hydrated form's fetch (JSON, asked for with Accept). The
 * address travels in the body only; it is never written to a log or a URL,
 * and an address already on the list gets the same thanks as a new one (the
 * answer tells no one who is subscribed). A filled-in hidden field ("website",
 * which people never see) marks a robot: thanked, and nothing is kept.
 */
export const signupPath = builtInSignup

export type Outcome = 'sent' | 'invalid' | 'too-many' | 'unavailable' | 'too-large' | 'wrong-request'

const answers: Record<Outcome, { status: number; message: string }> = {
  sent: { status: 200, message: 'Thank you. You are on the list.' },
  invalid: { status: 400, message: 'That does not look like an email address: check it and send it again.' },
  'too-many': { status: 429, message: 'Too many sign-ups from here just now: try again in a few minutes.' },
  unavailable: { status: 503, message: 'Your address could not be kept just now: try again in a few minutes.' },
  'too-large': { status: 413, message: 'That is more than an email address: send the address alone.' },
  'wrong-request': { status: 405, message: 'The sign-up takes an address sent from the form at the foot of every page.' },
}

/** What the handler says of each request, without the address: for the service's log. */
export type SignupLog = (line: string) => void

export interface SignupLimits {
  perAddress: RateLimit
  perClient: RateLimit
}

/** The limits a live site runs with: 3 sign-ups an hour per address, 10 per 10 minutes per client. */
export const defaultLimits = (): SignupLimits => ({ perAddress: new RateLimit(3, 3_600_000), perClient: new RateLimit(10, 600_000) })

const maxBody = 4096

export function createSignupHandler(store: SignupStore, options: { limits?: SignupLimits; log?: SignupLog; now?: () => number } = {}) {
  const limits = options.limits ?? defaultLimits()
  const log = options.log ?? (() => {})
  const now = options.now ?? Date.now
  return async function handleSignup(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = (outcome: Outcome, retryAfter?: number) => {
      log(`signup: ${outcome}${outcome === 'sent' ? ` (${store.count()} on the list)` : ''}`)
      send(req, res, outcome, retryAfter)
    }
    if (req.method !== 'POST') return answer('wrong-request')
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return answer('wrong-request')
    const body = await readBody(req)
    if (body === undefined) return answer('too-large')
    const form = new URLSearchParams(body)
    const client = clientAddress(req)
    if (!limits.perClient.take(client, now())) return answer('too-many', limits.perClient.retryAfter(client, now()))
    if (form.get('website')) return answer('sent') // a robot filled in the field people never see
    const email = normalAddress(form.get('email') ?? '')
    if (!email) return answer('invalid')
    const key = createHash('sha256').update(email).digest('hex')
    if (!limits.perAddress.take(key, now())) return answer('too-many', limits.perAddress.retryAfter(key, now()))
    try {
      store.add(email)
    } catch (error) {
      log(`signup: could not write the database: ${(error as Error).message.replaceAll(email, '<address>')}`)
      return send(req, res, 'unavailable')
    }
    answer('sent')
  }
}

/** The client's IP: from nginx's X-Real-IP when nginx (on this machine) sent the request, the socket's otherwise. */
function clientAddress(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? ''
  const forwarded = req.headers['x-real-ip']
  return typeof forwarded === 'string' && /^(127\.|::1$|::ffff:127\.)/.test(peer) ? forwarded : peer
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBody) chunks.push(chunk)
    })
    req.on('end', () => done(size > maxBody ? undefined : Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

function send(req: IncomingMessage, res: ServerResponse, outcome: Outcome, retryAfter?: number): void {
  const { status, message } = answers[outcome]
  const json = /application\/json/.test(String(req.headers.accept ?? ''))
  const body = json ? JSON.stringify({ ok: outcome === 'sent', message }) : page(message, backTo(req))
  res.writeHead(status, {
    'content-type': json ? 'application/json' : 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(outcome === 'wrong-request' ? { allow: 'POST' } : {}),
    ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/**
 * The page the visitor came from (the Referer's path, when it is a page of
 * this host name: nginx passes the host without its port), else the home
 * page. Only a path is ever linked to, never another site.
 */
function backTo(req: IncomingMessage): string {
  try {
    const from = new URL(String(req.headers.referer ?? ''))
    return from.hostname === new URL(`http://${req.headers.host ?? ''}`).hostname ? from.pathname : '/'
  } catch {
    return '/'
  }
}


/** The answer without JavaScript: the sentence, and the way back to where the form was. */
function page(message: string, back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(message)}</title>
<style>body{font:1.125rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem;color:#10231f}a{color:#0b5d4b}</style>
</head>
<body>
<main>
<h1>${escapeHtml(message)}</h1>
<p><a href="${escapeHtml(back)}">Back to the page you were on</a></p>
</main>
</body>
</html>
`
}
