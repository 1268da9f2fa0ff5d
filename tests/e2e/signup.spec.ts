import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { nginxBinary, startNginx } from './nginx-server'
import { hydrated } from './console'
import { siteSettings } from './site'

/**
 * The footer's sign-up on the live set-up, end to end: the real sign-up
 * service started as deploy/signup.service starts it (its ExecStart, with
 * this checkout and a temporary database), the real nginx with
 * deploy/nginx.conf proxying /api/signup to it, a real database file, and
 * the list read back with `npm run signups`, as a marketer would.
 */
test.describe.configure({ mode: 'serial' })
test.skip(!nginxBinary, 'nginx is not installed (apt-get install nginx)')

const root = join(import.meta.dirname, '..', '..')
const dist = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(root, 'dist')
// Apart from the other specs' ports (newsletter +20/21, deploy +40, studio +100/101, nginx +300.., parity +350..).
const nginxPort = Number(process.env.E2E_PORT) + 60
const servicePort = Number(process.env.E2E_PORT) + 61
const newsletter = siteSettings.footer.newsletter

let scratch: string
let database: string
let service: ChildProcess | undefined
let serviceLog = ''
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined

/** The unit's ExecStart, as systemd would run it, for this checkout, a port and a database of the test's. */
function startService(): Promise<ChildProcess> {
  const unit = readFileSync(join(root, 'deploy/signup.service'), 'utf8')
  const line = /^ExecStart=(.*)$/m.exec(unit)![1]!
  const [command, ...args] = line
    .replace('--port 8787', `--port ${servicePort}`)
    .replace('--db /srv/signup/signups.db', `--db ${database}`)
    .split(' ')
  const child = spawn(command === '/usr/bin/node' ? process.execPath : command!, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((done, fail) => {
    const heard = (chunk: Buffer) => {
      serviceLog += chunk
      if (serviceLog.includes('signup: listening')) done(child)
    }
    child.stdout!.on('data', heard)
    child.stderr!.on('data', heard)
    child.once('exit', (code) => fail(new Error(`the sign-up service stopped (exit ${code}): ${serviceLog}`)))
  })
}

/** What `npm run signups` prints: the list as a marketer gets it. */
function listed(): string {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/signups.ts', '--db', database], { cwd: root, encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout
}

test.beforeAll(async () => {
  test.setTimeout(60_000)
  scratch = mkdtempSync(join(tmpdir(), 'signup-'))
  database = join(scratch, 'signups.db')
  service = await startService()
  nginx = await startNginx(dist, nginxPort, { signup: `127.0.0.1:${servicePort}` })
})

test.afterAll(() => {
  nginx?.stop()
  service?.kill()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

async function signUp(page: Page, address: string): Promise<void> {
  const footer = page.locator('footer')
  await footer.getByRole('textbox', { name: newsletter.label }).fill(address)
  await footer.getByRole('button', { name: newsletter.button }).click()
}

test('with JavaScript, the footer keeps the address in the database and says so in place', async ({ page }) => {
  const urls: string[] = []
  page.on('request', (r) => urls.push(r.url()))
  await page.goto(`${nginx!.base}/`)
  await hydrated(page)
  await signUp(page, 'ada+news@example.org')
  await expect(page.locator('footer').getByRole('status')).toHaveText(newsletter.sent!)
  expect(page.url()).toBe(`${nginx!.base}/`)
  expect(listed()).toMatch(/^email,signed_up_at\r\nada\+news@example\.org,\d{4}-\d\d-\d\dT[\d:.]+Z\r\n$/)
  for (const url of urls) expect(url).not.toContain('ada')
  expect(serviceLog).not.toContain('ada')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts to the site itself, and the answer is a page with the way back', async ({ page }) => {
    const route = siteSettings.footer.columns[0]!.links[0]!.href
    await page.goto(`${nginx!.base}${route}`)
    await signUp(page, 'bob@example.org')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you. You are on the list.')
    await page.getByRole('link', { name: 'Back to the page you were on' }).click()
    expect(new URL(page.url()).pathname).toBe(route)
    expect(listed()).toContain('\r\nbob@example.org,')
  })
})

test('a wrong address, a robot and a flood are answered in words, and nothing of theirs is kept', async () => {
  const post = (fields: Record<string, string>) => fetch(`${nginx!.base}/api/signup`, { method: 'POST', body: new URLSearchParams(fields), headers: { accept: 'application/json' } })
  const wrong = await post({ email: 'not an address' })
  expect(wrong.status).toBe(400)
  expect(await wrong.json()).toEqual({ ok: false, message: 'That does not look like an email address: check it and send it again.' })
  // nginx's own headers go with the service's answer.
  expect(wrong.headers.get('x-frame-options')).toBe('DENY')
  expect((await post({ email: 'robot@example.org', website: 'https://spam.example' })).status).toBe(200)
  expect(listed()).not.toContain('robot@')
})

test('with the service down, the form says the address did not reach the site', async ({ page }) => {
  service!.kill('SIGKILL')
  await new Promise((done) => service!.once('exit', done))
  await page.goto(`${nginx!.base}/`)
  await hydrated(page)
  await signUp(page, 'carol@example.org')
  await expect(page.locator('footer').getByRole('status')).toContainText(newsletter.failed!)
  await expect(page.locator('footer').getByRole('status')).toContainText('502')
  // Started again, it has every address it kept before.
  service = await startService()
  expect(listed()).toContain('ada+news@example.org')
  expect(listed()).toContain('bob@example.org')
})
