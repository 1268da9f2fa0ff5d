import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath, testBrowserPath } from './scripts/chromium'
import { freePortBlock } from './scripts/port-block'

/**
 * Browser tests run against the built, prerendered site (npm run build) served
 * with real status codes. The browser comes from the system: Debian's
 * Chromium headless shell, which draws the same pages for about a third less
 * CPU, or Chromium where the shell is not installed (scripts/chromium.ts's
 * findTestBrowser); set CHROMIUM_PATH to use another binary for all of them.
 */
if (!testBrowserPath || !chromiumPath) throw new Error('No Chromium found: run npm test (it installs one on Debian), or set CHROMIUM_PATH=/path/to/chromium.')

/**
 * The port of the site under test: E2E_PORT when set, else the first of a
 * block of ports free now and outside the ephemeral range (see
 * scripts/port-block.ts). The runner loads this file again in each worker,
 * so the port chosen here is handed to them (and to the specs that derive
 * their own ports from it, up to E2E_PORT + 399) through the environment. A
 * server already on the port is never reused: the start fails instead of
 * testing another site.
 */
process.env.E2E_PORT ??= String(await freePortBlock(400))
const port = Number(process.env.E2E_PORT)

/**
 * The block catalogue (/blocks) is never in the production build; its tests
 * run against a build made with --catalogue, served on the next port.
 */
const cataloguePort = port + 1
const catalogueDist = join(tmpdir(), `fieldwork-catalogue-${port}`)
// For tests/e2e/remove-catalogue.ts, which removes it when the tests are done.
process.env.E2E_CATALOGUE_DIST = catalogueDist
// faq.spec.ts works the faq block through the catalogue's two examples.
const catalogueTests = /\/(catalogue|faq)\.spec\.ts$/

/** The tests that need the whole browser (wholeBrowser, below). */
const wholeBrowserTests = /scroll-perf\.spec\.ts/
/**
 * The whole browser, not the headless shell, for the tests that measure what
 * a visitor's browser does while it draws (long tasks while scrolling go
 * through its compositor). Lighthouse, `npm run screenshots` and the bench
 * launch it themselves.
 */
const wholeBrowser = { launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }
// The studio's tests start their own studio (on a copy of the project) and need a wide window.
const studioTests = /studio(-[a-z]+)?\.spec\.ts/
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }
const mobile = { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

/**
 * E2E_SITE_ONLY=1: the site's own projects alone, without building and
 * serving the catalogue (about 10 s), for a run that chooses tests of the
 * site only (tests/unit/docs/content-edits.test.ts): Playwright starts every
 * web server, whatever tests are chosen.
 */
const siteOnly = process.env.E2E_SITE_ONLY === '1'
const catalogueProjects = [
  { name: 'catalogue-desktop', testMatch: catalogueTests, use: { ...desktop, baseURL: `http://127.0.0.1:${cataloguePort}` } },
  { name: 'catalogue-mobile', testMatch: catalogueTests, use: { ...mobile, baseURL: `http://127.0.0.1:${cataloguePort}` } },
]
const catalogueServer = {
  command: `node scripts/run-build.mjs --catalogue --out-dir ${catalogueDist} && SITE_DIST=${catalogueDist} PORT=${cataloguePort} npx tsx scripts/serve.ts`,
  url: `http://127.0.0.1:${cataloguePort}/blocks`,
  reuseExistingServer: false,
  timeout: 120_000,
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/remove-catalogue.ts',
  fullyParallel: true,
  // Two workers on any machine (Playwright's default is half the cores, one
  // here): the tests spend most of their time waiting on timers and paints.
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: testBrowserPath,
      args: chromiumArgs,
    },
  },
  projects: [
    // First: each studio spec runs its tests in order, on a studio of its
    // own, so its file is one long piece of work for one worker. Started
    // first, the site's many short tests fill the other worker beside them
    // and the end of the run; started after them, the studio's longest
    // file (about a minute) ran alone at the end while the other worker
    // waited.
    { name: 'studio', testMatch: studioTests, use: { ...desktop, viewport: { width: 1600, height: 1000 } } },
    // Early, beside the studio's files, not last and alone as when they
    // asserted how long the main thread was blocked: they assert only what
    // must hold on a busy machine too (no layout shift), and the durations
    // are `npm run bench`'s. Alone at the end they were half a minute of
    // one worker with the other idle.
    { name: 'whole-browser-desktop', testMatch: wholeBrowserTests, use: { ...desktop, ...wholeBrowser } },
    { name: 'whole-browser-mobile', testMatch: wholeBrowserTests, use: { ...mobile, ...wholeBrowser } },
    { name: 'desktop', testIgnore: [wholeBrowserTests, studioTests, catalogueTests], use: desktop },
    // Tests that use no browser (nginx, its parity with npm run serve, the HTML check, the push-to-live deploy) run once, with the desktop
    // project; so does the newsletter test, which builds and serves a copy of the site of its own.
    { name: 'mobile', testIgnore: [/(nginx|parity|html-valid|no-catalogue|newsletter|signup|print|forced-colors|deploy|sharing|hero-contrast|laptop-hero|instant-links)\.spec\.ts/, wholeBrowserTests, studioTests, catalogueTests], use: mobile },
    ...(siteOnly ? [] : catalogueProjects),
  ],
  webServer: [
    {
      command: `PORT=${port} npx tsx scripts/serve.ts`,
      url: `http://127.0.0.1:${port}/`,
      // Never reuse a server already on the port: it may be another checkout's.
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...(siteOnly ? [] : [catalogueServer]),
  ],
})
