import type { Page } from '@playwright/test'

/**
 * Collects console errors and warnings, uncaught page errors (where React
 * reports hydration mismatches) and failed subresource requests.
 */
export function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 400 && r.request().resourceType() !== 'document') messages.push(`${r.status()}: ${r.url()}`)
  })
  return messages
}

/** Resolves once React has hydrated the prerendered page. */
export function hydrated(page: Page) {
  return page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
}

/**
 * Holds the app's scripts back until the returned function is called: the
 * visitor has the prerendered page alone for as long as a test needs, however
 * fast this machine is.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}
