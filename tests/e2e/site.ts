import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { documentTitle } from '../../src/app/head'
import { loadSite, projectPaths } from '../../src/build/load-site'

const loaded = loadSite(projectPaths(join(import.meta.dirname, '..', '..')))
if (loaded.problems.length || !loaded.site) throw new Error('pages/ has problems; run npm run build first')

/** Every route with the document title and headline it must show. */
export const routes = loaded.pages.map(({ route, page }) => ({
  route,
  title: documentTitle(page.title, loaded.site!.brand),
  heading: page.blocks.find((b) => b.type === 'hero')?.title,
}))

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
