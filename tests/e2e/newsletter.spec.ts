import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server as HttpsServer } from 'node:https'
import type { Server, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { parseDocument } from 'yaml'
import { createStaticServer } from '../../src/serve/static-server'
import { tempProject } from '../../scripts/temp-project'
import { wcagViolations } from './axe'
import { hydrated } from './console'
import { siteSettings } from './site'

/**
 * The footer's sign-up against a real endpoint: a copy of the project whose
 * pages/_site.yaml names a local newsletter service, built and served as the
 * live site is. The endpoint runs over https with a certificate made for the
 * test (the schema accepts https only, with no exception for tests), and the
 * browser is told to accept that certificate.
 */
test.describe.configure({ mode: 'serial' })

// Ports derived from the e2e port, apart from the ones other specs use (nginx.spec.ts: +300...).
const base = Number(process.env.E2E_PORT)
const endpointPort = base + 20
const sitePort = base + 21
const endpoint = `https://127.0.0.1:${endpointPort}/subscribe`
const siteUrl = `http://127.0.0.1:${sitePort}`
const address = 'someone+news@example.org'
const newsletter = siteSettings.footer.newsletter

interface Received {
  method: string
  url: string
  contentType: string
  body: string
}
const received: Received[] = []
let answerStatus = 200
/** How long the service takes to answer, so a test can see the form while it sends. */
let answerDelay = 0
let project: ReturnType<typeof tempProject>
let certDir: string
let service: HttpsServer | undefined
let site: Server | undefined

/** A self-signed certificate for 127.0.0.1, made with openssl for this run only. */
function certificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  return { key: readFileSync(key), cert: readFileSync(cert) }
}

function listen(server: Server | HttpsServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
}

/** The service's answer: the status a test asks for, readable by the site's origin (CORS), and a page of its own for a form post. */
function answer(res: ServerResponse): void {
  res.writeHead(answerStatus, { 'access-control-allow-origin': siteUrl, 'content-type': 'text/html; charset=utf-8' })
  res.end('<!doctype html><title>Subscribed</title><p>Thank you from the newsletter service.</p>')
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  certDir = mkdtempSync(join(tmpdir(), 'newsletter-cert-'))
  // The newsletter service: records what it gets, then answers.
  service = createServer(certificate(certDir), (req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body })
      setTimeout(() => answer(res), answerDelay)
    })
  })
  await listen(service, endpointPort)

  project = tempProject()
  const file = join(project.root, 'pages/_site.yaml')
  const doc = parseDocument(readFileSync(file, 'utf8'))
  doc.setIn(['footer', 'newsletter', 'endpoint'], endpoint)
  writeFileSync(file, doc.toString())
  // In a child process, as the build runs for real: this worker's React is not the build's.
  const root = join(import.meta.dirname, '..', '..')
  execFileSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'tests/support/build-child.ts'), project.root, join(project.root, 'dist'), 'never'], { cwd: root, stdio: 'pipe' })
  site = createStaticServer(join(project.root, 'dist'))
  await listen(site, sitePort)
})

test.afterAll(async () => {
  site?.closeAllConnections()
  service?.closeAllConnections()
  await new Promise((done) => (site ? site.close(done) : done(undefined)))
  await new Promise((done) => (service ? service.close(done) : done(undefined)))
  project?.remove()
  if (certDir) rmSync(certDir, { recursive: true, force: true })
})

test.beforeEach(() => {
  received.length = 0
  answerStatus = 200
  answerDelay = 0
})

test.use({ ignoreHTTPSErrors: true })

/** Every URL the page asks for or goes to, to prove the address is never in one. */
function visitedUrls(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (r) => urls.push(r.url()))
  page.on('framenavigated', (f) => urls.push(f.url()))
  return urls
}

function expectNoAddressIn(urls: string[]): void {
  expect(urls.length).toBeGreaterThan(0)
  for (const url of urls) {
    for (const form of [address, encodeURIComponent(address), address.replace('+', '%2B'), 'someone']) expect(url).not.toContain(form)
  }
}

async function signUp(page: Page): Promise<void> {
  const footer = page.locator('footer')
  await footer.getByRole('textbox', { name: newsletter.label }).fill(address)
  await footer.getByRole('button', { name: newsletter.button }).click()
}

test('with JavaScript, the address is POSTed in the body and the answer shows in place', async ({ page }) => {
  const urls = visitedUrls(page)
  await page.goto(`${siteUrl}/`)
  await hydrated(page)
  answerDelay = 1000
  await signUp(page)
  const button = page.locator('footer').getByRole('button', { name: newsletter.button })
  await expect(button).toBeDisabled()
  await expect(page.locator('footer form')).toHaveAttribute('aria-busy', 'true')
  const status = page.locator('footer').getByRole('status')
  await expect(status).toHaveText(newsletter.sent!)
  expect(received).toEqual([{ method: 'POST', url: '/subscribe', contentType: 'application/x-www-form-urlencoded;charset=UTF-8', body: new URLSearchParams({ email: address, website: '' }).toString() }])
  expect(page.url()).toBe(`${siteUrl}/`)
  await expect(button).toBeEnabled()
  expectNoAddressIn(urls)
})

test('with JavaScript, an endpoint answering 500 shows that it failed, and why', async ({ page }) => {
  answerStatus = 500
  await page.goto(`${siteUrl}/`)
  await hydrated(page)
  await signUp(page)
  const status = page.locator('footer').getByRole('status')
  await expect(status).toContainText(newsletter.failed!)
  await expect(status).toContainText('500')
  expect(received).toHaveLength(1)
  expect(page.url()).toBe(`${siteUrl}/`)
})

test('with JavaScript, an endpoint that cannot be reached shows that it failed', async ({ page }) => {
  await page.route(endpoint, (route) => route.abort('connectionrefused'))
  await page.goto(`${siteUrl}/`)
  await hydrated(page)
  await signUp(page)
  await expect(page.locator('footer').getByRole('status')).toContainText(newsletter.failed!)
  expect(received).toHaveLength(0)
})

test('the form and its failure answer have no WCAG 2.1 AA violations', async ({ page }) => {
  answerStatus = 500
  await page.goto(`${siteUrl}/`)
  await hydrated(page)
  await signUp(page)
  await expect(page.locator('footer').getByRole('status')).toContainText(newsletter.failed!)
  expect(await wcagViolations(page)).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts to the endpoint as a normal form, and the address is never in a URL', async ({ page }) => {
    const urls = visitedUrls(page)
    await page.goto(`${siteUrl}/`)
    await signUp(page)
    await expect(page.getByText('Thank you from the newsletter service.')).toBeVisible()
    expect(page.url()).toBe(endpoint)
    // (The browser may also ask the service's origin for a favicon once it shows the service's page.)
    expect(received.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: '/subscribe', contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams({ email: address, website: '' }).toString() }])
    expectNoAddressIn(urls)
  })
})
