/**
 * The team studio's server as a browser meets it, over HTTP with the real
 * server, the real accounts database and a real git repository: signing
 * in, sessions, the cookie's flags, requests from another origin or with
 * another session's token, roles decided on the server, one-time links and
 * wrong passwords in a row. (Through nginx with TLS and a real browser:
 * tests/e2e/team-studio.spec.ts.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdirSync, rmdirSync } from 'node:fs'
import { join } from 'node:path'
import { startStudio } from '../../../../src/studio/server/server'
import { TeamGate, failureLimits } from '../../../../src/studio/team/team-gate'
import { TeamStore, inviteLifetimeMs } from '../../../../src/studio/team/team-store'
import { hashPassword } from '../../../../src/studio/team/passwords'
import { freePortBlock } from '../../../../scripts/port-block'
import { rawRequest } from '../../../support/raw-http'
import { isolateGit, makeRepos, page, type Repos } from '../../../support/git-repos'

isolateGit()

let repos: Repos
let store: TeamStore
let studio: Awaited<ReturnType<typeof startStudio>>
let base: string
const password = 'correct horse battery staple'
/**
 * The accounts' hashes are made with small scrypt parameters, as an account
 * kept from before a raise of them has: every sign-in verifies one, and
 * today's parameters (team-store.test.ts) make each take most of the CPU's
 * time for the test. A password set here, through a link, gets today's.
 */
const cheapHash = (secret: string) => hashPassword(secret, { N: 2 ** 10, r: 8, p: 1 })
const people = {
  ana: { name: 'Ana Author', email: 'ana@example.org', role: 'author' as const },
  eve: { name: 'Eve Editor', email: 'eve@example.org', role: 'editor' as const },
}

beforeAll(async () => {
  repos = await makeRepos()
  const port = await freePortBlock(1)
  base = `http://localhost:${port}`
  store = new TeamStore(join(repos.root, '.studio-test-team.db'))
  const hash = await cheapHash(password)
  for (const person of Object.values(people)) {
    const user = store.addUser(person.name, person.email, person.role)
    store.useInvite(store.newInvite(user.id), hash)
  }
  studio = await startStudio({ root: repos.root, port, team: new TeamGate(store, new URL(base)) })
}, 60_000)

afterAll(async () => {
  await studio?.close()
  store?.close()
  repos?.remove()
})

/** A request as a browser on the studio's page sends it: its Origin, and the cookie when signed in. */
async function request(path: string, options: { method?: string; cookie?: string; origin?: string | null; token?: string; form?: Record<string, string>; json?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (options.origin !== null) headers.origin = options.origin ?? base
  if (options.cookie) headers.cookie = options.cookie
  if (options.token) headers['x-studio-token'] = options.token
  let body: string | undefined
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  return fetch(base + path, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
}

/** Signs in and answers the session's cookie and the token its studio page carries. */
async function signIn(email: string, secret = password): Promise<{ cookie: string; token: string }> {
  const answer = await request('/sign-in', { form: { email, password: secret } })
  expect(answer.status).toBe(303)
  const cookie = answer.headers.get('set-cookie')!.split(';')[0]!
  const html = await (await request('/', { cookie })).text()
  return { cookie, token: /<meta name="studio-token" content="([^"]+)"/.exec(html)![1]! }
}

describe('signing in', () => {
  test('without a session, the studio answers with the sign-in page and the API with 401; nothing of the studio is sent', async () => {
    const home = await request('/')
    expect(home.status).toBe(303)
    expect(home.headers.get('location')).toBe('/sign-in')
    const api = await request('/api/pages')
    expect(api.status).toBe(401)
    expect(((await api.json()) as { error: string }).error).toMatch(/sign in again/)
    const form = await request('/sign-in')
    expect(form.status).toBe(200)
    const html = await form.text()
    expect(html).toContain('<form method="post" action="/sign-in">')
    // One script (the passkey's), carrying the nonce its policy names: nothing else may run there.
    const policy = form.headers.get('content-security-policy')!
    expect(policy).toMatch(/default-src 'none'.*script-src 'nonce-[\w-]+'.*form-action 'self'/)
    const nonce = /'nonce-([\w-]+)'/.exec(policy)![1]
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script nonce="${nonce}">`])
  })

  test('the right password starts a session whose cookie is HttpOnly and SameSite=Strict; the page names the person', async () => {
    const answer = await request('/sign-in', { form: { email: people.eve.email, password } })
    expect(answer.status).toBe(303)
    const cookie = answer.headers.get('set-cookie')!
    expect(cookie).toMatch(/^studio-session=[\w-]{40,};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/')
    const html = await (await request('/', { cookie: cookie.split(';')[0] })).text()
    expect(html).toContain('<meta name="studio-user" content="{&quot;name&quot;:&quot;Eve Editor&quot;,&quot;email&quot;:&quot;eve@example.org&quot;,&quot;role&quot;:&quot;editor&quot;}" />')
  })

  test('over HTTPS the cookie is __Host- and Secure', () => {
    const gate = new TeamGate(store, new URL('https://edit.example.org'))
    expect(gate.cookieName).toBe('__Host-studio-session')
  })

  test('a wrong password, and an address with no account, get the same answer and no cookie', async () => {
    const wrong = await request('/sign-in', { form: { email: people.ana.email, password: 'not the password at all' } })
    const nobody = await request('/sign-in', { form: { email: 'nobody@example.org', password } })
    for (const answer of [wrong, nobody]) {
      expect(answer.status).toBe(401)
      expect(answer.headers.get('set-cookie')).toBeNull()
      expect(await answer.text()).toContain('That email address and password do not match an account.')
    }
  })

  test('a sign-in from another origin, or with none, is refused and signs no one in', async () => {
    for (const origin of ['https://evil.example', null]) {
      const answer = await request('/sign-in', { origin, form: { email: people.eve.email, password } })
      expect(answer.status).toBe(403)
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
  })

  test('a request to another host name (DNS rebinding) is refused', async () => {
    // fetch puts the URL's host in Host whatever it is told: the bytes go as written.
    const answer = await rawRequest(Number(new URL(base).port), 'GET /sign-in HTTP/1.1\r\nHost: rebound.example\r\nConnection: close\r\n\r\n')
    expect(answer?.status).toBe(421)
  })

  test('two sign-ins at once each get a session of their own', async () => {
    const [a, b] = await Promise.all([signIn(people.ana.email), signIn(people.ana.email)])
    expect(a.cookie).not.toBe(b.cookie)
    for (const session of [a, b]) expect((await request('/api/pages', { cookie: session.cookie, token: session.token })).status).toBe(200)
  })

  test('signing out ends the session: its cookie opens nothing after', async () => {
    const { cookie, token } = await signIn(people.ana.email)
    const out = await request('/sign-out', { method: 'POST', cookie, form: {} })
    expect(out.status).toBe(303)
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/)
    expect((await request('/api/pages', { cookie, token })).status).toBe(401)
  })
})

describe('the accounts file held by another process', () => {
  test('a sign-in waits a moment, then says so on the page, with no cookie', async () => {
    const lock = `${store.file}.lock`
    mkdirSync(lock)
    try {
      const answer = await request('/sign-in', { form: { email: people.eve.email, password } })
      expect(answer.status).toBe(503)
      expect(answer.headers.get('set-cookie')).toBeNull()
      expect(await answer.text()).toContain('The accounts database is busy (another command is writing it); nothing was changed.')
    } finally {
      rmdirSync(lock)
    }
    await signIn(people.eve.email)
  })
})

describe('every request proves who sent it', () => {
  test('the API needs the session’s own token: none, or another session’s, is refused', async () => {
    const ana = await signIn(people.ana.email)
    const eve = await signIn(people.eve.email)
    expect((await request('/api/pages', { cookie: ana.cookie })).status).toBe(403)
    expect((await request('/api/pages', { cookie: ana.cookie, token: eve.token })).status).toBe(403)
    expect((await request('/api/pages', { cookie: ana.cookie, token: ana.token })).status).toBe(200)
  })

  test('a change from another origin is refused even with the cookie and the token, and changes nothing', async () => {
    const ana = await signIn(people.ana.email)
    const before = (await (await request('/api/file?path=about.yaml', { cookie: ana.cookie, token: ana.token })).json()) as { text: string; hash: string }
    const answer = await request('/api/file', { method: 'PUT', origin: 'https://evil.example', cookie: ana.cookie, token: ana.token, json: { path: 'about.yaml', text: page('Changed'), baseHash: before.hash } })
    expect(answer.status).toBe(403)
    const after = (await (await request('/api/file?path=about.yaml', { cookie: ana.cookie, token: ana.token })).json()) as { text: string }
    expect(after.text).toBe(before.text)
  })
})

describe('roles are decided on the server', () => {
  test('an author may save a page but not publish, delete, rename or restore, nor review or publish a change: each answers 403 and changes nothing', async () => {
    const ana = await signIn(people.ana.email)
    const file = (await (await request('/api/file?path=team.yaml', { cookie: ana.cookie, token: ana.token })).json()) as { hash: string }
    const saved = await request('/api/file', { method: 'PUT', cookie: ana.cookie, token: ana.token, json: { path: 'team.yaml', text: page('Our team'), baseHash: file.hash } })
    expect(saved.status).toBe(200)
    for (const [path, json] of [
      ['/api/publish', { message: 'Ana publishes' }],
      ['/api/delete', { path: 'about.yaml' }],
      ['/api/rename', { path: 'about.yaml', route: '/about-us' }],
      ['/api/restore-deleted', { path: 'pages/gone.yaml' }],
      ['/api/change-review', { id: 1, verdict: 'approve' }],
      ['/api/change-publish', { id: 1 }],
    ] as const) {
      const answer = await request(path, { cookie: ana.cookie, token: ana.token, json })
      expect(answer.status, path).toBe(403)
      expect(((await answer.json()) as { error: string }).error).toMatch(/^Only an editor can /)
    }
    expect((await request('/api/file?path=about.yaml', { cookie: ana.cookie, token: ana.token })).status).toBe(200)
  })

  test('an editor’s publish is not refused for their role (an empty message is its own refusal)', async () => {
    const eve = await signIn(people.eve.email)
    const answer = await request('/api/publish', { cookie: eve.cookie, token: eve.token, json: { message: '' } })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ kind: 'refused', code: 'EmptyMessage' })
  })

  test('what an author saves is kept as theirs, for the commit that publishes it', async () => {
    const ana = await signIn(people.ana.email)
    const file = (await (await request('/api/file?path=about.yaml', { cookie: ana.cookie, token: ana.token })).json()) as { hash: string }
    expect((await request('/api/file', { method: 'PUT', cookie: ana.cookie, token: ana.token, json: { path: 'about.yaml', text: page('About Ana'), baseHash: file.hash } })).status).toBe(200)
    const kept = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(repos.root, '.studio/writers.json'), 'utf8'))) as Record<string, unknown>
    expect(kept['pages/about.yaml']).toEqual({ name: people.ana.name, email: people.ana.email })
  })
})

describe('passkeys', () => {
  test('a sign-in with a passkey answer of no challenge, or of no known passkey, is refused in words and signs no one in', async () => {
    expect((await request('/passkey/options', { origin: 'https://evil.example', json: {} })).status).toBe(403)
    const started = await request('/passkey/options', { json: {} })
    const { attempt, options } = (await started.json()) as { attempt: string; options: { challenge: string; rpId: string } }
    expect(options.rpId).toBe('localhost')
    const unknown = await request('/passkey/sign-in', { json: { attempt, response: { id: 'no-such-key', rawId: 'no-such-key', type: 'public-key', response: {} } } })
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('set-cookie')).toBeNull()
    expect(((await unknown.json()) as { error: string }).error).toMatch(/belongs to no account here/)
    // The attempt's challenge was used up by that answer.
    const again = await request('/passkey/sign-in', { json: { attempt, response: { id: 'no-such-key' } } })
    expect(((await again.json()) as { error: string }).error).toMatch(/took too long or was already used/)
  })

  test('passkey sign-ins started from one client are limited to 30 a minute, so the accounts file cannot be filled with challenges', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push((await request('/passkey/options', { json: {} })).status)
    // The test above started one.
    expect(statuses.filter((s) => s === 200)).toHaveLength(29)
    expect(statuses.slice(29)).toEqual([429, 429, 429])
  })

  test('adding a passkey needs a signed-in person and a real answer from their browser', async () => {
    expect((await request('/api/passkey-options', { json: {} })).status).toBe(401)
    const ana = await signIn(people.ana.email)
    const options = (await (await request('/api/passkey-options', { cookie: ana.cookie, token: ana.token, json: {} })).json()) as { user: { name: string }; authenticatorSelection: { residentKey: string } }
    expect(options.user.name).toBe(people.ana.email)
    expect(options.authenticatorSelection.residentKey).toBe('required')
    const forged = await request('/api/passkey-add', { cookie: ana.cookie, token: ana.token, json: { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } } } })
    expect(forged.status).toBe(422)
    expect(store.passkeysOf(store.userByEmail(people.ana.email)!.id)).toEqual([])
  })
})

describe('People, for editors', () => {
  test('an editor invites, sends a new link and removes; a taken address, a bad one and removing oneself are refused with words', async () => {
    const eve = await signIn(people.eve.email)
    const as = (path: string, json: unknown) => request(path, { cookie: eve.cookie, token: eve.token, json })
    const invited = await as('/api/invite', { name: 'Pat Person', email: 'pat@example.org', role: 'author' })
    expect(invited.status).toBe(200)
    const { link, person } = (await invited.json()) as { link: string; person: { active: boolean } }
    expect(link).toMatch(new RegExp(`^${base}/set-password\\?invite=[\\w-]{43}$`))
    expect(person.active).toBe(false)
    expect((await request(new URL(link).pathname + new URL(link).search)).status).toBe(200)
    expect((await as('/api/invite', { name: 'Pat Again', email: 'PAT@example.org', role: 'editor' })).status).toBe(409)
    expect((await as('/api/invite', { name: 'Pat', email: 'pat/..@example.org', role: 'author' })).status).toBe(422)
    expect((await as('/api/invite', { name: 'Pat', email: 'pat2@example.org', role: 'owner' })).status).toBe(422)
    const again = (await (await as('/api/invite', { name: 'Pat Person', email: 'pat@example.org', role: 'author', reset: true })).json()) as { link: string }
    expect(again.link).not.toBe(link)
    expect((await request(new URL(link).pathname + new URL(link).search)).status).toBe(410)
    const listed = (await (await request('/api/people', { cookie: eve.cookie, token: eve.token })).json()) as { email: string }[]
    expect(listed.map((p) => p.email)).toContain('pat@example.org')
    expect((await as('/api/remove-person', { email: 'pat@example.org' })).status).toBe(200)
    expect(store.userByEmail('pat@example.org')).toBeUndefined()
    const self = await as('/api/remove-person', { email: people.eve.email })
    expect(self.status).toBe(409)
    expect(store.userByEmail(people.eve.email)).toBeDefined()
  })
})

describe('one-time links', () => {
  test('a link sets a password once: used again, or expired, it answers 410 and changes nothing', async () => {
    const user = store.addUser('Lin Link', 'lin@example.org', 'author')
    const invite = store.newInvite(user.id)
    const opened = await request(`/set-password?invite=${invite}`)
    expect(opened.status).toBe(200)
    expect(await opened.text()).toContain('Welcome, Lin Link')
    const mismatch = await request('/set-password', { form: { invite, password: 'a long enough password', again: 'another one entirely' } })
    expect(mismatch.status).toBe(422)
    const short = await request('/set-password', { form: { invite, password: 'short', again: 'short' } })
    expect(short.status).toBe(422)
    const set = await request('/set-password', { form: { invite, password: 'a long enough password', again: 'a long enough password' } })
    expect(set.status).toBe(303)
    expect(set.headers.get('set-cookie')).toMatch(/^studio-session=/)
    const again = await request('/set-password', { form: { invite, password: 'someone elses password', again: 'someone elses password' } })
    expect(again.status).toBe(410)
    expect((await request(`/set-password?invite=${invite}`)).status).toBe(410)
    await signIn('lin@example.org', 'a long enough password')

    const late = store.newInvite(store.addUser('Old Link', 'old@example.org', 'author').id, Date.now() - inviteLifetimeMs - 1)
    expect((await request(`/set-password?invite=${late}`)).status).toBe(410)
  })

  test('two uses of one link at once: one sets the password, the other is told the link is used', async () => {
    const invite = store.newInvite(store.addUser('Ray Race', 'ray@example.org', 'author').id)
    const answers = await Promise.all(['first password here', 'second password here'].map((p) => request('/set-password', { form: { invite, password: p, again: p } })))
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410])
  })

  test('a reset ends the person’s sessions', async () => {
    const eve = await signIn(people.eve.email)
    const user = store.userByEmail(people.eve.email)!
    const invite = store.newInvite(user.id)
    expect((await request('/api/pages', { cookie: eve.cookie, token: eve.token })).status).toBe(401)
    const set = await request('/set-password', { form: { invite, password, again: password } })
    expect(set.status).toBe(303)
  })
})

describe('wrong passwords in a row', () => {
  test(`after ${failureLimits.perAddress} wrong passwords in a minute the address is refused, the right password too, with a time to wait`, async () => {
    const user = store.addUser('Bo Brute', 'bo@example.org', 'author')
    store.useInvite(store.newInvite(user.id), await cheapHash(password))
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await request('/sign-in', { form: { email: 'bo@example.org', password: `guess number ${i}` } })).status)
    expect(statuses.slice(0, failureLimits.perAddress).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(failureLimits.perAddress).every((s) => s === 429)).toBe(true)
    const right = await request('/sign-in', { form: { email: 'bo@example.org', password } })
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await right.text()).toMatch(/Too many wrong passwords in the last minute\. Wait \d+ seconds/)
  }, 60_000)
})
