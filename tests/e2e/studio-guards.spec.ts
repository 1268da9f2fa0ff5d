import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startStudioCopy, type StudioCopy } from '../../scripts/studio-copy'

/**
 * The studio's origin holds only the studio (issue 23, F17 and F12), in
 * real Chromium against the real studio: a file among the pictures that
 * holds script, opened at the studio's address (any website can send the
 * author's browser there with a link), runs nothing; no other site can
 * frame it; and the studio's own pages run under their policy without a
 * single error.
 */
const port = Number(process.env.E2E_PORT ?? 4317) + 101
let studio: StudioCopy

/** The attack as it would be written: read the studio's page for its token, then overwrite a page. */
const attack = `
  document.documentElement.setAttribute('data-ran', 'yes');
  fetch('/').then((r) => r.text()).then((html) => {
    const token = (/name="studio-token" content="([^"]+)"/.exec(html) || [])[1] || '';
    return fetch('/api/file', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-studio-token': token }, body: JSON.stringify({ path: 'pwned.yaml', text: 'x: 1\\n', force: true }) });
  });
  fetch('/api/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ route: '/pwned-too' }) });`

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  studio = await startStudioCopy(port, (root) => {
    const img = join(root, 'public/media/img')
    mkdirSync(img, { recursive: true })
    writeFileSync(join(img, 'evil.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${attack}</script></svg>`)
    writeFileSync(join(img, 'evil.html'), `<!doctype html><title>x</title><script>${attack}</script>`)
  })
})
test.afterAll(async () => studio?.stop())

for (const name of ['evil.svg', 'evil.html']) {
  test(`${name} among the pictures, opened at the studio's address, runs nothing and changes no page`, async ({ page }) => {
    // The browser says it refused the script (the sandbox of the inert policy): the moment it would have run has passed.
    const refused = page.waitForEvent('console', (message) => /Blocked script execution|Refused to execute/.test(message.text()))
    await page.goto(`${studio.url}media/img/${name}`)
    await refused
    expect(await page.locator(':root').getAttribute('data-ran')).toBeNull()
    expect(existsSync(join(studio.pagesDir, 'pwned.yaml'))).toBe(false)
    expect(existsSync(join(studio.pagesDir, 'pwned-too.yaml'))).toBe(false)
  })
}

test.describe('framing', () => {
  let other: Server
  const otherPort = port + 1
  test.beforeAll(async () => {
    // Another site on this machine (another origin: another port) that frames the studio.
    other = createServer((_req, res) => res.end(`<!doctype html><title>other</title><iframe src="${studio.url}" width="800" height="600"></iframe>`))
    await new Promise<void>((done) => other.listen(otherPort, '127.0.0.1', done))
  })
  test.afterAll(() => new Promise<void>((done) => other.close(() => done())))

  test('another site cannot frame the studio (clickjacking)', async ({ page }) => {
    // The browser blocks the studio's answer for the frame (its frame-ancestors and X-Frame-Options): only then is the frame's emptiness its answer.
    const refused = page.waitForEvent('requestfailed', (request) => request.url() === studio.url && request.failure()?.errorText === 'net::ERR_BLOCKED_BY_RESPONSE')
    await page.goto(`http://127.0.0.1:${otherPort}/`)
    await refused
    await expect(page.frameLocator('iframe').locator('#studio')).toHaveCount(0)
  })

  test('the studio frames its own previews', async ({ page }) => {
    await page.goto(`${studio.url}#/pages/index.yaml`)
    await expect(page.frameLocator('iframe.desktop').locator('[data-studio-block="0"]').first()).toBeAttached({ timeout: 60_000 })
  })
})

test('the studio’s own pages run under their policy without an error or a blocked request', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`blocked: ${event.blockedURI} (${event.violatedDirective})`)))
  await page.goto(`${studio.url}#/pages/index.yaml`)
  await expect(page.frameLocator('iframe.phone').locator('[data-studio-block="0"]').first()).toBeAttached({ timeout: 60_000 })
  await expect(page.getByText('No problems.')).toBeVisible()
  expect(errors).toEqual([])
})
