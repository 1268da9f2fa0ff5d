import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/chromium'

/**
 * Browser tests run against the built, prerendered site (npm run build) served
 * with real status codes. Chromium comes from the system (Debian's package):
 * set CHROMIUM_PATH to use another binary.
 */
const port = Number(process.env.E2E_PORT ?? 4317)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // Tests that use no browser (the nginx check) run once, with the desktop project.
    { name: 'mobile', testIgnore: /nginx\.spec\.ts/, use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    command: `PORT=${port} npx tsx scripts/serve.ts`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
})
