import { readFileSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, test } from '@playwright/test'
import { generatedPages } from '../../scripts/bench-scale'
import { startStudioCopy } from '../../scripts/studio-copy'

/**
 * The studio's start on a site of thousands of pages that no check has read
 * before (a fresh clone, or the compiler's code changed): it opens a page
 * and previews it on the site's shell while every page is read behind it,
 * then brings in the rules across pages without a key typed. The pages are
 * read on worker threads here (from 2,000 pages), as at 10,000.
 */
/** The first of this spec's ports: one per worker (test.info().parallelIndex), so a repeated run never finds its port taken. */
const firstPort = Number(process.env.E2E_PORT ?? 4317) + 140
const count = 4_000
/** Generated page 1, given page 0's title: a problem only the rules across pages find. */
const file = 'gen/p1.yaml'

/** The generated pages, with page 1 given page 0's title (the newer file of the two, which the rule reports). */
function addPages(root: string): void {
  for (const [path, text] of Object.entries(generatedPages(count))) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const copy = join(root, 'pages', file)
  const taken = /^title: (.*)$/m.exec(readFileSync(join(root, 'pages/gen/p0.yaml'), 'utf8'))![1]!
  writeFileSync(copy, readFileSync(copy, 'utf8').replace(/^title: .*$/m, `title: ${taken}`))
  const later = new Date(Date.now() + 60_000)
  utimesSync(copy, later, later)
}

test('a site of thousands of unread pages: a page opens and previews while they are read, and their rules reach it once they are', async ({ page }) => {
  test.setTimeout(120_000)
  // Started here, with the browser's page already open: an author's browser is open before the studio is.
  await page.goto('about:blank')
  const studio = await startStudioCopy(firstPort + test.info().parallelIndex, addPages)
  try {
    await page.goto(`${studio.url}#/pages/${file}`)
    // The list, at once: here the pages are still being read (it says so), which the rest of the test does not depend on.
    await expect(page.locator('.file-list > li').first()).toBeVisible({ timeout: 30_000 })
    await page.getByRole('tab', { name: 'YAML' }).click({ timeout: 30_000 })
    await expect(page.frameLocator('iframe.desktop').locator('[data-studio-block="0"]').first()).toBeAttached({ timeout: 30_000 })
    // Every page read and checked: the list stops saying so, has its titles, and the open page shows the rule's problem, with nothing typed.
    const pages = page.getByRole('complementary', { name: 'Pages' })
    await expect(pages.getByRole('status').filter({ hasText: /^Checking all/ })).toHaveCount(0, { timeout: 90_000 })
    // The same live region says the check is done, so a screen reader hears that too.
    const done = pages.getByRole('status').filter({ hasText: /^All [\d,]+ pages are checked\.$/ })
    await expect(done).toBeVisible()
    expect(Number(/[\d,]+/.exec((await done.textContent())!)![0].replaceAll(',', '')), 'every page, generated and real').toBeGreaterThan(count)
    await expect(page.locator('.problems-summary')).toHaveText(/^1 problem:/)
    await expect(page.getByRole('list', { name: 'Problems' })).toContainText('This page has the same title as /gen/p0.')
    await pages.getByRole('searchbox', { name: 'Search pages' }).fill('gen/p1')
    await expect(pages.locator('.file-list > li').filter({ hasText: '/gen/p1' }).first()).toContainText('Generated page')
    // The preview still shows the page: a rule across pages does not stop it from rendering.
    await expect(page.frameLocator('iframe.desktop').locator('[data-studio-block="0"]').first()).toBeAttached()
  } finally {
    await studio.stop()
  }
})
