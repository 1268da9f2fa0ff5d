import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { fetchServed, nginxBinary, startNginx, startStudioNginx } from './nginx-server'
import { makeLiveRepository, mustGit } from './live-repository'

/**
 * The team studio as a team meets it, with nothing mocked: the live
 * repository with its deploy hooks and the live site's nginx
 * (live-repository.ts), the studio started as deploy/studio.service starts
 * it over a clone of that repository, deploy/studio-nginx.conf in front of
 * it with TLS (a certificate made here), accounts made with `npm run
 * studio-user`, and each person in a browser context of their own.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.skip(!nginxBinary, 'nginx is not installed (apt-get install nginx)')

const root = join(import.meta.dirname, '..', '..')
// Apart from the other specs' ports (newsletter +20/21, deploy +40, signup +60/61, the other studio specs +100 to +141, nginx +300.., parity +350..).
const studioPort = Number(process.env.E2E_PORT) + 160
const tlsPort = Number(process.env.E2E_PORT) + 161
const httpPort = Number(process.env.E2E_PORT) + 162
const sitePort = Number(process.env.E2E_PORT) + 163
const base = `https://localhost:${tlsPort}`

const eve = { name: 'Eve Editor', email: 'eve@example.org', password: 'editor password for tests' }
const ana = { name: 'Ana Author', email: 'ana@example.org', password: 'author password for tests' }

let scratch: string
let bare: string
let database: string
let studio: ChildProcess | undefined
let studioLog = ''
let studioNginx: Awaited<ReturnType<typeof startStudioNginx>> | undefined
let siteNginx: Awaited<ReturnType<typeof startNginx>> | undefined

/** `npm run studio-user` as a developer runs it on the server; answers its output, or throws with it. */
function studioUser(...args: string[]): string {
  // A time limit, so a hang fails here, named, rather than as the whole test's timeout.
  const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/studio-user.ts', ...args, '--db', database], { cwd: root, encoding: 'utf8', timeout: 60_000 })
  if (run.status !== 0) throw new Error(`studio-user ${args.join(' ')} failed${run.error ? ` (${run.error.message})` : ''}: ${run.stderr}`)
  return run.stdout
}

/** The one-time link `studio-user add` or `reset` printed, on a line of its own. */
const linkIn = (output: string) => output.split('\n').find((line) => line.startsWith(`${base}/set-password?invite=`))!

/** The unit's ExecStart, as systemd would run it, with this test's port, address, clone and database. */
function startStudio(site: string): Promise<ChildProcess> {
  const line = /^ExecStart=(.*)$/m.exec(readFileSync(join(root, 'deploy/studio.service'), 'utf8'))![1]!
  const [command, ...args] = line
    .replace('--port 5170', `--port ${studioPort}`)
    .replace('--base-url https://edit.example.org', `--base-url ${base}`)
    .replace('--root /srv/studio/site', `--root ${site}`)
    .replace('--db /srv/studio/team.db', `--db ${database}`)
    .split(' ')
  const child = spawn(command === '/usr/bin/node' ? process.execPath : command!, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } })
  return new Promise((done, fail) => {
    const heard = (chunk: Buffer) => {
      studioLog += chunk
      if (studioLog.includes('Team studio for')) done(child)
    }
    child.stdout!.on('data', heard)
    child.stderr!.on('data', heard)
    child.once('exit', (code) => fail(new Error(`the team studio stopped (exit ${code}): ${studioLog}`)))
  })
}

test.beforeAll(async () => {
  // The first deploy builds with no cache of its own (20-25 s), then the studio's first start builds its own page.
  test.setTimeout(300_000)
  scratch = mkdtempSync(join(tmpdir(), 'team-studio-'))
  database = join(scratch, 'team.db')
  ;({ bare } = makeLiveRepository(scratch))
  const live = join(scratch, 'srv', 'current')
  siteNginx = await startNginx(live, sitePort)
  // The studio's working copy on the server: a clone of the live repository, with no git identity of its own (each publish names the person signed in).
  const site = join(scratch, 'studio-site')
  mustGit(scratch, 'clone', '-q', bare, site)
  symlinkSync(join(root, 'node_modules'), join(site, 'node_modules'))
  studio = await startStudio(site)
  studioNginx = await startStudioNginx(tlsPort, httpPort, `127.0.0.1:${studioPort}`, scratch)
})

test.afterAll(() => {
  studioNginx?.stop()
  siteNginx?.stop()
  studio?.kill()
  if (scratch) {
    spawnSync('flock', [join(scratch, 'srv', '.deploy.lock'), 'true'])
    rmSync(scratch, { recursive: true, force: true })
  }
})

/** A browser of the person's own (its own cookies), trusting the test's certificate. */
async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1600, height: 1000 } })
  return context.newPage()
}

/** Opens a one-time link and chooses a password: the studio opens, naming the person. */
async function choosePassword(page: Page, link: string, person: { name: string; password: string }, role: string): Promise<void> {
  await page.goto(link)
  await expect(page.getByRole('heading', { name: `Welcome, ${person.name}` })).toBeVisible()
  await page.getByLabel('New password').fill(person.password)
  await page.getByLabel('The same password again').fill(person.password)
  await page.getByRole('button', { name: 'Save and sign in' }).click()
  await expect(page.getByText(`Signed in as ${person.name} (${role})`)).toBeVisible({ timeout: 30_000 })
}

/** The API as the signed-in page calls it (its cookie and its token), for what no button offers. */
const callAs = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([path, body]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')!.content
      const answer = await fetch(path as string, { method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-token': token }, body: JSON.stringify(body) })
      return { status: answer.status, body: (await answer.json()) as { error?: string } }
    },
    [path, body] as const,
  )

test('an author writes a page, only an editor can publish it, nginx serves it, and the commit names the author', async ({ browser }) => {
  const editorPage = await personPage(browser)
  await choosePassword(editorPage, linkIn(studioUser('add', `${eve.name} <${eve.email}>`, '--role', 'editor', '--base-url', base)), eve, 'editor')

  // The editor invites the author from the studio, and sends them the link it shows.
  await editorPage.getByText('People', { exact: true }).click()
  const people = editorPage.locator('details.people')
  await people.getByLabel('Their name').fill(ana.name)
  await people.getByLabel('Their email').fill(ana.email)
  await people.getByLabel('Role').selectOption('author')
  await people.getByRole('button', { name: 'Invite' }).click()
  const link = people.getByLabel(`Link for ${ana.name}`)
  await expect(link).toBeFocused()
  await expect(people.getByRole('listitem').filter({ hasText: ana.name })).toContainText('(author, invited)')
  const authorPage = await personPage(browser)
  await choosePassword(authorPage, await link.inputValue(), ana, 'author')
  expect(studioUser('list')).toBe(`author  ${ana.name} <${ana.email}>\neditor  ${eve.name} <${eve.email}>\n`)
  // People is an editor's: the author's studio has none, and its server answers 403.
  await expect(authorPage.getByText('People', { exact: true })).toHaveCount(0)
  expect((await callAs(authorPage, '/api/invite', { name: 'Mal', email: 'mal@example.org', role: 'editor' })).status).toBe(403)

  // The author makes a page, writes its words in the form and saves.
  const route = `/team-page-${Date.now().toString(36)}`
  await authorPage.getByLabel('Address').fill(route)
  await authorPage.getByRole('button', { name: 'Create page' }).click()
  await expect(authorPage.locator('.file-name')).toHaveText(route, { timeout: 30_000 })
  await authorPage.getByRole('tab', { name: 'Form' }).click()
  await authorPage.getByLabel('Description', { exact: true }).fill('Who we ask, and how, written by Ana.')
  await authorPage.getByRole('region', { name: /^Block 2: / }).getByLabel('Text', { exact: true }).fill('A page Ana wrote in the team studio.')
  await authorPage.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(authorPage.locator('.toolbar .state')).toHaveText('not published')

  // No button offers the author to publish, and the server refuses them too.
  await authorPage.getByRole('button', { name: /^Not live yet/ }).click()
  const authorPanel = authorPage.getByRole('region', { name: 'Not live yet' })
  await expect(authorPanel).toContainText('submit it for review in Changes')
  await expect(authorPanel.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)
  const refused = await callAs(authorPage, '/api/publish', { message: 'Ana tries' })
  expect(refused.status).toBe(403)
  expect(refused.body.error).toMatch(/^Only an editor can publish/)
  expect((await fetchServed(`${siteNginx!.base}${route}/`)).status).toBe(404)

  // The editor publishes it: the commit is the author's, published by the editor; nginx serves the page when Publish says so.
  await editorPage.reload()
  await editorPage.getByRole('button', { name: /^Publish/ }).click()
  const panel = editorPage.getByRole('region', { name: 'Publish' })
  await expect(panel).toContainText(`Publishing as ${eve.name} <${eve.email}>`)
  await panel.getByLabel('What changed, in a sentence').fill('A page from Ana')
  const started = performance.now()
  await panel.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Published' })).toBeVisible({ timeout: 120_000 })
  console.log(`studio-team.spec: publish to live ${((performance.now() - started) / 1000).toFixed(1)} s`)
  expect((await fetchServed(`${siteNginx!.base}${route}/`)).status).toBe(200)
  expect(mustGit(bare, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%s', 'main').trim()).toBe(`${ana.name} <${ana.email}>|${eve.name} <${eve.email}>|A page from Ana`)
})

/** Signs in from the sign-in page, as a returning person does. */
async function signIn(page: Page, person: { name: string; email: string; password: string }, role: string): Promise<void> {
  await page.goto(base)
  await page.getByLabel('Email address').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText(`Signed in as ${person.name} (${role})`)).toBeVisible({ timeout: 30_000 })
}

test('a change is submitted, commented on, sent back, fixed, approved and published; nginx serves what was approved', async ({ browser }) => {
  const authorPage = await personPage(browser)
  const editorPage = await personPage(browser)
  await signIn(authorPage, ana, 'author')
  await signIn(editorPage, eve, 'editor')

  // Ana writes a page and submits it for review.
  const route = `/review-page-${Date.now().toString(36)}`
  await authorPage.getByLabel('Address').fill(route)
  await authorPage.getByRole('button', { name: 'Create page' }).click()
  await expect(authorPage.locator('.file-name')).toHaveText(route, { timeout: 30_000 })
  await authorPage.getByRole('tab', { name: 'Form' }).click()
  await authorPage.getByLabel('Description', { exact: true }).fill('Who we ask, and how.')
  const text = authorPage.getByRole('region', { name: /^Block 2: / }).getByLabel('Text', { exact: true })
  await text.fill('A first draft.')
  await authorPage.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(authorPage.locator('.toolbar .state')).toHaveText('not published')
  await authorPage.getByRole('button', { name: /^Changes/ }).click()
  const authorChanges = authorPage.getByRole('region', { name: 'Changes' })
  await expect(authorChanges.getByRole('checkbox', { name: new RegExp(route) })).toBeChecked()
  await authorChanges.getByLabel('Name of the change').fill('A page on who we ask')
  await authorChanges.getByRole('button', { name: 'Submit for review' }).click()
  await expect(authorChanges.getByRole('status').filter({ hasText: '“A page on who we ask” is in review' })).toBeVisible({ timeout: 20_000 })

  // Eve opens the page: each sees the other there, and the change it is in.
  await editorPage.goto(`${base}/#/pages${route}.yaml`)
  await expect(editorPage.locator('.file-name')).toHaveText(route, { timeout: 30_000 })
  await expect(editorPage.locator('.here-too')).toContainText(`Also open by ${ana.name}`)
  await expect(editorPage.locator('.here-too')).toContainText(`In the change “A page on who we ask” by ${ana.name} (in review)`)
  await expect(authorPage.locator('.here-too')).toContainText(`Also open by ${eve.name}`)

  // Eve sees it waiting, reads it in page terms and as the page, and sends it back with a comment.
  await editorPage.getByRole('button', { name: 'Changes (1 to review)' }).click()
  const editorChanges = editorPage.getByRole('region', { name: 'Changes' })
  const card = editorChanges.getByRole('article', { name: /A page on who we ask/ })
  await expect(card).toContainText('Ana Author submitted it')
  await card.getByText(route).first().click()
  await expect(card.getByRole('list').filter({ hasText: 'A first draft.' }).first()).toBeVisible()
  await card.getByRole('button', { name: `Preview ${route}` }).click()
  await expect(card.frameLocator('iframe').getByText('A first draft.')).toBeVisible({ timeout: 30_000 })
  await editorPage.screenshot({ path: test.info().outputPath('changes-review.png') })
  await card.getByLabel('Comment on “A page on who we ask”').fill('Please say who answers our surveys.')
  await card.getByRole('button', { name: 'Ask for changes' }).click()
  await expect(card.getByText('Changes requested', { exact: true })).toBeVisible()

  // Ana sees the comment (the studio follows without a reload), fixes the page and updates the change.
  await expect(authorPage.getByRole('button', { name: 'Changes (1 sent back)' })).toBeVisible()
  const authorCard = authorChanges.getByRole('article', { name: /A page on who we ask/ })
  await expect(authorCard.getByRole('list', { name: 'Comments' })).toContainText('Please say who answers our surveys.')
  await text.fill('Panellists answer our surveys: people we recruit and check ourselves.')
  await authorPage.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(authorCard).toContainText('Edited again since it was submitted')
  await authorCard.getByRole('button', { name: 'Update with saved edits' }).click()
  // Said once the card shows it (the change committed and the list read again: seconds on a loaded machine).
  await expect(authorCard.getByRole('status')).toHaveText('Updated with the saved edits: it is in review again.', { timeout: 20_000 })
  await expect(authorCard.getByText('In review', { exact: true })).toBeVisible({ timeout: 1_000 })
  await expect(authorCard.getByRole('button', { name: 'Approve' })).toHaveCount(0)

  // Eve approves and publishes: live on nginx, as the author's commit, committed by the editor.
  await expect(card).toContainText('Ana Author made the changes asked for')
  await card.getByRole('button', { name: 'Approve' }).click()
  await card.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(editorChanges.getByRole('status').filter({ hasText: 'Published 1 file' })).toBeVisible({ timeout: 120_000 })
  await editorChanges.getByText('Published and withdrawn (1)').click()
  await expect(card.getByText('Published', { exact: true })).toBeVisible()
  await expect(card).toContainText('Eve Editor published it')
  const live = await fetchServed(`${siteNginx!.base}${route}/`)
  expect(live.status).toBe(200)
  expect(await live.text()).toContain('Panellists answer our surveys: people we recruit and check ourselves.')
  expect(mustGit(bare, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%s', 'main').trim()).toBe(`${ana.name} <${ana.email}>|${eve.name} <${eve.email}>|A page on who we ask`)
  await editorPage.screenshot({ path: test.info().outputPath('changes-editor.png') })
})

test('signed out, the studio shows only the sign-in page; a wrong password says so; Sign out ends the session', async ({ browser }) => {
  const page = await personPage(browser)
  await page.goto(base)
  await expect(page).toHaveURL(`${base}/sign-in`)
  await expect(page.getByRole('heading', { name: 'Sign in to the studio' })).toBeVisible()
  await page.getByLabel('Email address').fill(ana.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('That email address and password do not match an account. Check both and try again.')
  // The address stays; the keyboard is in the password.
  await expect(page.getByLabel('Email address')).toHaveValue(ana.email)
  await page.getByLabel('Password').fill(ana.password)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Signed in as ${ana.name} (author)`)).toBeVisible({ timeout: 30_000 })
  const cookies = await page.context().cookies(base)
  expect(cookies).toEqual([expect.objectContaining({ name: '__Host-studio-session', httpOnly: true, secure: true, sameSite: 'Strict', path: '/' })])
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(`${base}/sign-in`)
  await page.goto(base)
  await expect(page).toHaveURL(`${base}/sign-in`)
})

test("a passkey added in the studio signs its person in from the sign-in page, in Chromium's virtual authenticator", async ({ browser }) => {
  const page = await personPage(browser)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.goto(base)
  await page.getByLabel('Email address').fill(ana.email)
  await page.getByLabel('Password').fill(ana.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added (1 in all).' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(`${base}/sign-in`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText(`Signed in as ${ana.name} (author)`)).toBeVisible({ timeout: 30_000 })
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.rpId).toBe('localhost')
  expect(credentials[0]!.signCount).toBeGreaterThan(0)
})

test('plain HTTP is sent to HTTPS, and nginx logs no one-time link', async () => {
  const answer = await fetch(`http://127.0.0.1:${httpPort}/sign-in`, { redirect: 'manual' })
  expect(answer.status).toBe(301)
  expect(answer.headers.get('location')).toBe('https://127.0.0.1/sign-in')
  const log = readFileSync(join(scratch, 'studio.access.log'), 'utf8')
  expect(log).toContain('"GET /set-password"')
  expect(log).not.toContain('invite=')
})
