import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { normalAddress } from '../../../src/signup/email-address'
import { RateLimit } from '../../../src/signup/rate-limit'
import { createSignupHandler, defaultLimits, signupPath, type SignupLimits } from '../../../src/signup/signup-handler'
import { SignupStore, signupsCsv } from '../../../src/signup/signup-store'
import { projectRoot } from '../../support/fixture-targets'

/**
 * The footer's sign-up service on a real database file and a real HTTP
 * server: what it keeps, what it answers with and without JavaScript, what
 * it refuses, and that a kill in the middle of a write loses no address
 * written before it.
 */
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((clean) => clean()))

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'signup-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function service(limits: SignupLimits = defaultLimits()) {
  const store = new SignupStore(join(folder(), 'signups.db'))
  const logged: string[] = []
  const handle = createSignupHandler(store, { limits, log: (line) => logged.push(line) })
  const server: Server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  cleanups.push(() => {
    server.close()
    store.close()
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${signupPath}`
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), headers, redirect: 'manual' })
  return { store, logged, url, post }
}

describe('an email address', () => {
  it('is taken as the form field takes it, with a dot in its domain, the domain in lower case', () => {
    expect(normalAddress(' Ada.Lovelace+news@Example.ORG ')).toBe('Ada.Lovelace+news@example.org')
    for (const bad of ['', 'ada', 'ada@', '@example.org', 'ada@localhost', 'ada@exa mple.org', 'a b@example.org', 'ada@-example.org', `${'a'.repeat(65)}@example.org`, `a@${'b'.repeat(250)}.org`, 'ada@example.org\nBcc: x@y.org']) {
      expect(normalAddress(bad), JSON.stringify(bad)).toBeUndefined()
    }
  })
})

describe('a rate limit', () => {
  it('allows the limit within its window, refuses the next, and allows again once the window has passed', () => {
    const limit = new RateLimit(2, 1000)
    expect([limit.take('k', 0), limit.take('k', 10), limit.take('k', 20), limit.take('other', 20)]).toEqual([true, true, false, true])
    expect(limit.retryAfter('k', 500)).toBe(1)
    expect(limit.take('k', 1001)).toBe(true)
  })
})

describe('the sign-up service', () => {
  it('keeps a new address once and thanks it in JSON for the form with JavaScript, an HTML page without', async () => {
    const { store, post, logged } = await service()
    const json = await post({ email: 'ada@example.org' }, { accept: 'application/json' })
    expect(json.status).toBe(200)
    expect(await json.json()).toEqual({ ok: true, message: 'Thank you. You are on the list.' })
    const html = await post({ email: 'ADA@example.org'.replace('ADA', 'bob') }, { referer: 'http://127.0.0.1/b2b/smes', host: '127.0.0.1' })
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const text = await html.text()
    expect(text).toContain('<h1>Thank you. You are on the list.</h1>')
    expect(text).toContain('Back to the page you were on')
    // Already on the list: the same thanks, so the answer tells no one who subscribed.
    expect(await (await post({ email: 'ada@example.org' }, { accept: 'application/json' })).json()).toEqual({ ok: true, message: 'Thank you. You are on the list.' })
    expect(store.list().map((s) => s.email)).toEqual(['ada@example.org', 'bob@example.org'])
    // The log says what happened, never to whom.
    expect(logged.join('\n')).not.toMatch(/ada|bob|example/)
    expect(logged[0]).toBe('signup: sent (1 on the list)')
  })

  it('refuses what is not an address, what is not a form, what is too long, and keeps nothing', async () => {
    const { store, url, post } = await service()
    const invalid = await post({ email: 'not an address' }, { accept: 'application/json' })
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).message).toBe('That does not look like an email address: check it and send it again.')
    expect((await fetch(url)).status).toBe(405)
    expect((await fetch(url, { method: 'POST', body: JSON.stringify({ email: 'a@example.org' }), headers: { 'content-type': 'application/json' } })).status).toBe(405)
    expect((await post({ email: `${'a'.repeat(5000)}@example.org` })).status).toBe(413)
    expect(store.count()).toBe(0)
  })

  it('thanks a robot that filled in the hidden field, and keeps nothing', async () => {
    const { store, post } = await service()
    const answer = await post({ email: 'robot@example.org', website: 'https://spam.example' }, { accept: 'application/json' })
    expect(answer.status).toBe(200)
    expect(store.count()).toBe(0)
  })

  it('limits sign-ups per client and per address, saying when to try again', async () => {
    const { store, post } = await service({ perAddress: new RateLimit(2, 60_000), perClient: new RateLimit(4, 60_000) })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await post({ email: 'same@example.org' })).status)
    expect(statuses).toEqual([200, 200, 429])
    expect((await post({ email: 'other@example.org' })).status).toBe(200)
    const client = await post({ email: 'third@example.org' }, { accept: 'application/json' })
    expect(client.status).toBe(429)
    expect(Number(client.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await client.json()).message).toBe('Too many sign-ups from here just now: try again in a few minutes.')
    expect(store.list().map((s) => s.email)).toEqual(['same@example.org', 'other@example.org'])
  })

  it('answers 503 and keeps the service up when the database cannot be written', async () => {
    const { store, post } = await service()
    // Another process holding the database's lock (node-sqlite3-wasm's lock is a folder beside the file).
    mkdirSync(`${store.file}.lock`)
    const answer = await post({ email: 'ada@example.org' }, { accept: 'application/json' })
    expect(answer.status).toBe(503)
    rmSync(`${store.file}.lock`, { recursive: true })
    expect((await post({ email: 'ada@example.org' })).status).toBe(200)
  })
})

describe('the database file', () => {
  it('loses no earlier address when the service is killed in the middle of writes, and opens again after', async () => {
    const file = join(folder(), 'signups.db')
    // A writer that adds addresses as fast as it can, and says each one once it is kept (synced).
    const script = `
      import { SignupStore } from ${JSON.stringify(join(projectRoot, 'src/signup/signup-store.ts'))}
      const store = new SignupStore(${JSON.stringify(file)})
      for (let i = 0; ; i++) { store.add('reader' + i + '@example.org'); process.stdout.write(i + '\\n') }
    `
    // tsx runs the script in a process of its own: the group is killed, as systemd kills the service's.
    const child = spawn(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), '--eval', script], { stdio: ['ignore', 'pipe', 'inherit'], detached: true })
    let kept = -1
    await new Promise<void>((done) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = chunk.toString().trim().split('\n')
        kept = Number(lines.at(-1))
        if (kept >= 40 && !child.killed) {
          process.kill(-child.pid!, 'SIGKILL')
          done()
        }
      })
    })
    await new Promise((done) => child.on('close', done))
    // Its lock folder stays behind, as after any kill mid-write: old enough, it is the dead process's.
    const lock = `${file}.lock`
    try {
      const old = new Date(Date.now() - 60_000)
      utimesSync(lock, old, old)
    } catch {}
    const store = new SignupStore(file)
    cleanups.push(() => store.close())
    const emails = new Set(store.list().map((s) => s.email))
    for (let i = 0; i <= kept; i++) expect(emails.has(`reader${i}@example.org`), `reader${i}`).toBe(true)
    expect(store.add('after@example.org')).toBe('added')
  })
})

describe('the CSV', () => {
  it('lists every address with its time, quoting what a spreadsheet would run as a formula', () => {
    expect(signupsCsv([{ email: 'ada@example.org', signedUpAt: '2026-12-02T10:00:00.000Z' }, { email: '=cmd@example.org', signedUpAt: '2026-12-02T11:00:00.000Z' }])).toBe(
      "email,signed_up_at\r\nada@example.org,2026-12-02T10:00:00.000Z\r\n'=cmd@example.org,2026-12-02T11:00:00.000Z\r\n",
    )
  })
})
