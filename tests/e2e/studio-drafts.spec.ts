import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startStudioCopy, type StudioCopy } from '../../scripts/studio-copy'
import { pageName } from '../../src/studio/shared/author-words'
import { namedAtStart } from './studio-names'

/**
 * Nothing an author types is lost: unsaved edits are kept as a draft that
 * a reload, a switch to another page or a restart of the studio brings
 * back (and says so); leaving asks first; Ctrl+S saves wherever focus is;
 * a file with CRLF line ends keeps them. Real studio, real Chromium, on a
 * copy of the project.
 */
const port = Number(process.env.E2E_PORT ?? 4317) + 110
let studio: StudioCopy
/** Two pages the tests edit, chosen from pages/: the first is given CRLF line ends. */
let crlfFile: string
let file: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  studio = await startStudioCopy(port, (root) => {
    const pages = readdirSync(join(root, 'pages')).filter((f) => f.endsWith('.yaml') && !f.startsWith('_') && f !== 'index.yaml')
    ;[crlfFile, file] = pages as [string, string]
    const path = join(root, 'pages', crlfFile)
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'))
  })
  const warm = await browser.newPage()
  await openPage(warm, file, 90_000)
  await warm.close()
})

// Each test starts with no kept draft, whatever an earlier one left.
test.beforeEach(() => {
  test.setTimeout(60_000)
  rmSync(join(studio.root, '.studio'), { recursive: true, force: true })
})

/** Discard changes, and wait until the studio has done it (the draft is gone on the server too). */
async function discard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Discard changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Discarded your changes' })).toBeVisible()
}
test.afterAll(async () => studio?.stop())

const disk = (name: string) => readFileSync(join(studio.pagesDir, name), 'utf8')
const editorText = (page: Page) => page.evaluate(() => window.studio.view!.state.doc.toString())

async function openPage(page: Page, name: string, timeout = 15_000): Promise<void> {
  await page.goto(`${studio.url}#/pages/${name}`)
  await expect(page.locator('.file-name')).toHaveText(namedAtStart(name), { timeout })
  // These tests work in the text: the YAML tab (the form is tests/e2e/studio-forms.spec.ts's).
  await page.getByRole('tab', { name: 'YAML' }).click()
  await expect(page.locator('.cm-content')).toBeVisible({ timeout })
}

/** Type a comment line at the top of the open page, as an author would. */
async function typeAtTop(page: Page, words: string): Promise<void> {
  await page.evaluate(() => window.studio.view!.dispatch({ selection: { anchor: 0 } }))
  await page.locator('.cm-content').focus()
  await page.keyboard.type(`# ${words}`)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Unsaved edits kept as a draft.')).toBeVisible()
}

test('a reload brings unsaved edits back and says so; Discard changes returns to the saved page', async ({ page }) => {
  await openPage(page, file)
  const saved = disk(file)
  await typeAtTop(page, 'kept across a reload')
  await page.reload()
  await expect(page.locator('.cm-content')).toContainText('# kept across a reload')
  await expect(page.getByRole('status').filter({ hasText: 'Brought back your unsaved edits' })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`unsaved`) })).toBeVisible()
  expect(disk(file)).toBe(saved)
  await discard(page)
  await expect(page.locator('.cm-content')).not.toContainText('# kept across a reload')
  // Discard says it can be undone, and Undo does it.
  await expect(page.getByRole('status').filter({ hasText: 'Undo brings them back' })).toBeVisible()
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.locator('.cm-content')).toContainText('# kept across a reload')
  // The page is edited again, so what Discard said goes.
  await expect(page.getByRole('status').filter({ hasText: 'Discarded your changes' })).toHaveCount(0)
  await discard(page)
  expect(await editorText(page)).toBe(saved)
  // Gone for good: a reload opens the saved page.
  await page.reload()
  await expect(page.locator('.cm-content')).toBeVisible()
  expect(await editorText(page)).toBe(saved)
  await expect(page.getByRole('status').filter({ hasText: 'Brought back' })).toHaveCount(0)
})

test('switching to another page and back keeps the edits', async ({ page }) => {
  await openPage(page, file)
  await typeAtTop(page, 'kept across a page switch')
  await page.getByRole('link', { name: new RegExp(`^/${crlfFile.replace('.yaml', '')}\\b`) }).click()
  await expect(page.locator('.file-name')).toHaveText(pageName(crlfFile))
  await page.goBack()
  await expect(page.locator('.cm-content')).toContainText('# kept across a page switch')
  await discard(page)
})

test('a restart of the studio keeps the edits: the page says so, and a reload brings them back', async ({ page }) => {
  await openPage(page, file)
  await typeAtTop(page, 'kept across a restart')
  await studio.restart()
  const banner = page.getByRole('alert').filter({ hasText: 'The studio was restarted' })
  await expect(banner).toBeVisible({ timeout: 30_000 })
  // The news covers nothing: the page's name and Save stay in sight and in reach.
  for (const covered of [page.locator('.file-name'), page.getByRole('button', { name: 'Save', exact: true })]) {
    const [a, b] = [(await banner.boundingBox())!, (await covered.boundingBox())!]
    expect(a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x).toBe(true)
  }
  await banner.getByRole('button', { name: 'Reload this page' }).click()
  await expect(page.locator('.cm-content')).toContainText('# kept across a restart', { timeout: 30_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Brought back your unsaved edits' })).toBeVisible()
  await discard(page)
})

test('leaving with unsaved edits asks first', async ({ page }) => {
  await openPage(page, file)
  await typeAtTop(page, 'asked before leaving')
  let asked = ''
  page.once('dialog', (dialog) => {
    asked = dialog.type()
    void dialog.accept()
  })
  await page.goto('about:blank')
  expect(asked).toBe('beforeunload')
  // And the edits were kept on the way out.
  await openPage(page, file)
  await expect(page.locator('.cm-content')).toContainText('# asked before leaving')
  await discard(page)
})

test('Ctrl+S saves with focus in the preview', async ({ page }) => {
  await openPage(page, file)
  const saved = disk(file)
  await typeAtTop(page, 'saved from the preview')
  const preview = page.frameLocator('iframe.phone')
  await expect(preview.locator('[data-studio-block="0"]').first()).toBeAttached()
  // Focus in the preview's document, away from any block (a block click moves the cursor to the YAML).
  await preview.locator('body').evaluate((body) => (body.tabIndex = -1, body.focus()))
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
  await page.keyboard.press('Control+s')
  await expect.poll(() => disk(file)).toBe(`# saved from the preview\n${saved}`)
  await expect(page.getByRole('status').filter({ hasText: `Saved ${pageName(file)}` })).toBeVisible()
  // Typed again, the page is unsaved, and "Saved" no longer stands beside it.
  await typeAtTop(page, 'typed after saving')
  await expect(page.locator('.toolbar .state')).toHaveText('unsaved')
  await expect(page.getByText(`Saved ${pageName(file)}`)).toHaveCount(0)
  await discard(page)
  expect(disk(file)).toBe(`# saved from the preview\n${saved}`)
})

test('a file with CRLF line ends keeps them when one line is edited', async ({ page }) => {
  const before = disk(crlfFile)
  expect(before).toContain('\r\n')
  await openPage(page, crlfFile)
  await typeAtTop(page, 'one line more')
  await page.keyboard.press('Control+s')
  await expect.poll(() => disk(crlfFile)).toBe(`# one line more\r\n${before}`)
})
