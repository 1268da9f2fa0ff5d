import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startStudioProcess } from '../../scripts/studio-copy'
import { wcagViolations } from './axe'
import { isolateGit, makeRepos, page as pageText, pushFromOther, read, write, type Repos } from '../support/git-repos'
import { describedAtMost } from '../../src/studio/shared/publish-types'
import { pageName } from '../../src/studio/shared/author-words'
import { namedAtStart } from './studio-names'

/**
 * Publishing from the studio, as an author does it, on real git
 * repositories (a project with a bare remote and a second author's clone):
 * the changes in page terms, the author asked once, a publish that reaches
 * the remote, a page with problems refused, the same page changed on both
 * sides settled by the author's choice, and history: a version restored as
 * an unsaved edit, a deleted page put back.
 */
const port = Number(process.env.E2E_PORT ?? 4317) + 120
let repos: Repos
let studio: Awaited<ReturnType<typeof startStudioProcess>>

test.describe.configure({ mode: 'serial' })

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  isolateGit()
  repos = await makeRepos()
  // A new author: the studio asks who they are once.
  git(repos.root, 'config', '--unset', 'user.name')
  git(repos.root, 'config', '--unset', 'user.email')
  studio = await startStudioProcess(repos.root, port)
  const warm = await browser.newPage()
  await openPage(warm, 'about.yaml', 90_000)
  await warm.close()
})

test.beforeEach(() => test.setTimeout(90_000))
test.afterAll(async () => {
  await studio?.stop()
  repos?.remove()
})

async function openPage(page: Page, file: string, timeout = 15_000): Promise<void> {
  await page.goto(`${studio.url}#/pages/${file}`)
  await expect(page.locator('.file-name')).toHaveText(namedAtStart(file), { timeout })
  // These tests work in the text: the YAML tab (the form is tests/e2e/studio-forms.spec.ts's).
  await page.getByRole('tab', { name: 'YAML' }).click()
  await expect(page.locator('.cm-content')).toBeVisible({ timeout })
}

/**
 * Replace the first `from` in the open page's text with `to`, by selecting it
 * and typing, then save with Ctrl+S; returns once the file on disk is the
 * text typed. (The status line alone cannot say so: a page saved twice in a
 * test still shows the first save's words until the second is done.)
 */
async function editAndSave(page: Page, file: string, from: string, to: string): Promise<void> {
  const text = await page.evaluate(() => window.studio.view!.state.doc.toString())
  const at = text.indexOf(from)
  expect(at, `"${from}" in the page`).toBeGreaterThanOrEqual(0)
  await page.evaluate(([a, b]) => window.studio.view!.dispatch({ selection: { anchor: a!, head: b! } }), [at, at + from.length])
  await page.locator('.cm-content').focus()
  await page.keyboard.type(to)
  const typed = await page.evaluate(() => window.studio.view!.state.doc.toString())
  await page.keyboard.press('Control+s')
  await expect.poll(() => read(repos.root, `pages/${file}`), { message: `pages/${file} saved` }).toBe(typed)
  await expect(page.getByRole('status').filter({ hasText: `Saved ${pageName(file)}` })).toBeVisible()
}

const remoteLog = () => git(repos.remote, 'log', '-1', '--format=%an <%ae>|%s', 'main')
const panel = (page: Page) => page.getByRole('region', { name: 'Publish' })

test('an edit goes live: the change in words, the author asked once, the commit on the remote', async ({ page }) => {
  await openPage(page, 'about.yaml')
  await editAndSave(page, 'about.yaml', 'title: About', 'title: About our panels')
  await expect(page.locator('.toolbar .state')).toHaveText('not published')
  // The panel takes the keyboard on opening, and gives it back to its button on closing.
  await page.getByRole('button', { name: 'Publish (1)' }).focus()
  await page.keyboard.press('Enter')
  await expect(panel(page).getByRole('heading', { name: 'Publish' })).toBeFocused()
  await panel(page).getByRole('button', { name: 'Close' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Publish (1)' })).toBeFocused()
  await page.getByRole('button', { name: 'Publish (1)' }).click()
  const publish = panel(page)
  await publish.getByText('/about').click()
  // The change in page terms: the words, not a patch.
  await expect(publish.locator('.diff')).toContainText('title')
  await expect(publish.locator('.diff ins')).toHaveText('About our panels')
  await publish.getByLabel('Your name').fill('Ada Author')
  await publish.getByLabel('Your email').fill('ada@example.com')
  await publish.getByLabel('What changed, in a sentence').fill('A clearer title for About')
  expect(await wcagViolations(page), 'the publish panel, filled in').toEqual([])
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(publish.getByRole('status').filter({ hasText: 'Published 1 file to the live site' })).toBeVisible({ timeout: 60_000 })
  // The keyboard is where the news is.
  await expect(publish.getByRole('status').filter({ hasText: 'Published 1 file to the live site' })).toBeFocused()
  expect(await wcagViolations(page), 'the publish panel, published').toEqual([])
  expect(remoteLog()).toBe('Ada Author <ada@example.com>|A clearer title for About')
  expect(git(repos.remote, 'show', 'main:pages/about.yaml')).toContain('title: About our panels')
  // Asked once: kept in the repository's own config.
  expect(git(repos.root, 'config', 'user.name')).toBe('Ada Author')
  await expect(page.locator('.toolbar .state')).toHaveText('published')
})

test('a page with problems stops the publish, with each problem located, and nothing is committed', async ({ page }) => {
  const before = git(repos.root, 'rev-parse', 'HEAD')
  await openPage(page, 'about.yaml')
  await editAndSave(page, 'about.yaml', 'type: intro', 'type: intrro')
  await page.getByRole('button', { name: /^Publish/ }).first().click()
  const publish = panel(page)
  await publish.getByLabel('What changed, in a sentence').fill('Broken on purpose')
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  const alert = publish.getByRole('alert')
  await expect(alert).toContainText('Nothing was published', { timeout: 60_000 })
  const located = alert.getByRole('link', { name: /^\/about, line \d+$/ })
  await expect(located).toBeVisible()
  // The problem's link opens its page, from another, at its line in the text.
  await page.getByRole('link', { name: /^\/team\b/ }).click()
  await expect(page.locator('.file-name')).toHaveText('/team')
  await page.getByRole('tab', { name: 'Form' }).click()
  await located.click()
  await expect(page.locator('.file-name')).toHaveText('/about')
  await expect(page.getByRole('tab', { name: 'YAML' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('.cm-activeLine')).toContainText('type: intrro')
  await expect(page.locator('.cm-content')).toBeFocused()
  expect(git(repos.root, 'rev-parse', 'HEAD')).toBe(before)
  expect(remoteLog()).toContain('A clearer title for About')
  await editAndSave(page, 'about.yaml', 'type: intrro', 'type: intro')
})

test('the same page changed on the remote: what only Bob changed is taken, and the field both changed is chosen, his words beside mine', async ({ page }) => {
  await pushFromOther(repos, { 'pages/team.yaml': pageText('Team by Bob') }, 'Bob renames the team page')
  await openPage(page, 'team.yaml')
  await editAndSave(page, 'team.yaml', 'title: Team', 'title: Team by Ada')
  await page.getByRole('button', { name: /^Publish/ }).first().click()
  const publish = panel(page)
  await publish.getByLabel('What changed, in a sentence').fill('Ada names the team page')
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  const conflict = publish.getByRole('group', { name: '/team: changed by you and by Bob Other' })
  await expect(conflict).toBeVisible({ timeout: 60_000 })
  // Bob changed the description and the title; only the title is Ada's too, so it is the one field to choose.
  const title = conflict.getByRole('group', { name: 'title', exact: true })
  await expect(conflict.getByRole('group')).toHaveCount(1)
  await expect(title.getByText('Team by Ada', { exact: true })).toBeVisible()
  await expect(title.getByText('Team by Bob', { exact: true })).toBeVisible()
  expect(git(repos.remote, 'show', 'main:pages/team.yaml')).toContain('title: Team by Bob')
  await expect(publish.getByRole('button', { name: 'Publish with these choices' })).toBeDisabled()
  await conflict.screenshot({ path: test.info().outputPath('field-choice.png') })
  await title.getByRole('radio', { name: /Keep yours/ }).check()
  await publish.getByRole('button', { name: 'Publish with these choices' }).click()
  await expect(publish.getByRole('status').filter({ hasText: 'Published' })).toBeVisible({ timeout: 60_000 })
  const live = git(repos.remote, 'show', 'main:pages/team.yaml')
  expect(live).toContain('title: Team by Ada')
  expect(live).toContain('description: About Team by Bob.')
  // Never forced: Bob's commit is in the history the remote now has.
  expect(git(repos.remote, 'log', '--format=%s', 'main')).toContain('Bob renames the team page')
})

test('history: an older version shown in the preview and restored as an unsaved edit', async ({ page }) => {
  await openPage(page, 'about.yaml')
  const saved = read(repos.root, 'pages/about.yaml')
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History of /about' })
  const versions = history.getByRole('listitem')
  await expect(versions).toHaveCount(2)
  await expect(versions.first()).toContainText('A clearer title for About')
  await expect(versions.last()).toContainText('First version')
  await versions.last().getByRole('button', { name: 'Show in preview' }).click()
  await expect(history.getByRole('status')).toContainText('The preview shows the version of')
  expect(await wcagViolations(page), 'the history panel').toEqual([])
  await versions.last().getByRole('button', { name: 'Restore' }).click()
  await expect(page.locator('.cm-content')).toContainText('title: About')
  await expect(page.locator('.cm-content')).not.toContainText('About our panels')
  await expect(page.locator('.toolbar .state')).toHaveText('unsaved')
  // History is never rewritten, and the file is as saved until the author saves.
  expect(read(repos.root, 'pages/about.yaml')).toBe(saved)
  await page.getByRole('button', { name: 'Discard changes' }).click()
  await expect(page.locator('.cm-content')).toContainText('About our panels')
})

test('a deleted and published page is listed, and restored as a saved page', async ({ page }) => {
  await openPage(page, 'team.yaml')
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect.poll(() => existsSync(join(repos.root, 'pages/team.yaml'))).toBe(false)
  await expect(page.locator('.file-name')).toHaveCount(0)
  await expect(page.locator('.action-notice')).toContainText('Deleted /team.')
  await page.getByRole('button', { name: /^Publish/ }).first().click()
  const publish = panel(page)
  await expect(publish.getByText('deleted')).toBeVisible()
  await publish.getByLabel('What changed, in a sentence').fill('No team page')
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(publish.getByRole('status').filter({ hasText: 'Published' })).toBeVisible({ timeout: 60_000 })
  await page.getByText('Deleted pages', { exact: true }).click()
  await page.getByRole('button', { name: 'Restore /team' }).click()
  await expect(page.locator('.file-name')).toHaveText(namedAtStart('team.yaml'))
  // Said, as Put it back says it: which text came back (the studio kept it when it deleted the page), and that it is saved, not published.
  await expect(page.getByRole('status').filter({ hasText: 'Put back /team as it was when deleted. It is saved, not yet published.' })).toBeVisible()
  expect(read(repos.root, 'pages/team.yaml')).toContain('title: Team by Ada')
  await expect(page.locator('.toolbar .state')).toHaveText('not published')
})

test('a publish of more pages than are described one by one: the first described, the rest counted, and the form in view', async ({ page }) => {
  const extra = describedAtMost + 5
  const added = Array.from({ length: extra }, (_, i) => `pages/gen/p${String(i).padStart(4, '0')}.yaml`)
  for (const [i, path] of added.entries()) write(repos.root, path, pageText(`Generated ${i}`))
  try {
    await openPage(page, 'about.yaml')
    // Every new page counted (the button; the tests before may leave a page of their own unpublished) before the panel opens.
    const button = page.getByRole('button', { name: /^Publish \(\d+\)$/ })
    await expect.poll(async () => Number(/\d+/.exec((await button.textContent()) ?? '')?.[0]), { timeout: 30_000 }).toBeGreaterThanOrEqual(extra)
    const total = Number(/\d+/.exec((await button.textContent())!)![0])
    await button.click()
    const publish = panel(page)
    await expect(publish.locator('.change')).toHaveCount(describedAtMost)
    await expect(publish.getByText(new RegExp(`^And ${total - describedAtMost} more: ${total - describedAtMost} new pages\\.$`))).toBeVisible()
    // The list scrolls within the panel: the message and the button stay in view.
    await expect(publish.getByLabel('What changed, in a sentence')).toBeInViewport()
    await expect(publish.getByRole('button', { name: 'Publish', exact: true })).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath('publish-many.png') })
    await publish.getByRole('button', { name: 'Close' }).click()
  } finally {
    rmSync(join(repos.root, 'pages/gen'), { recursive: true, force: true })
  }
})

test('Save and publish: edits not saved yet are never "nothing to publish"; they are saved, then published', async ({ page }) => {
  await openPage(page, 'about.yaml')
  const text = await page.evaluate(() => window.studio.view!.state.doc.toString())
  const from = text.indexOf('title: ') + 'title: '.length
  const to = text.indexOf('\n', from)
  const title = `About, published unsaved ${Date.now().toString(36)}`
  await page.evaluate(([a, b]) => window.studio.view!.dispatch({ selection: { anchor: a!, head: b! } }), [from, to])
  await page.locator('.cm-content').focus()
  await page.keyboard.type(title)
  await expect(page.locator('.toolbar .state')).toHaveText('unsaved')
  await page.getByRole('button', { name: /^Publish/ }).first().click()
  const publish = panel(page)
  await expect(publish).toContainText('/about has edits you have not saved: Save and publish saves them, then publishes them with the rest.')
  await publish.getByLabel('What changed, in a sentence').fill('A title published before it was saved')
  await publish.getByRole('button', { name: 'Save and publish', exact: true }).click()
  await expect(publish.getByRole('status').filter({ hasText: 'Published' })).toBeVisible({ timeout: 60_000 })
  expect(git(repos.remote, 'show', 'main:pages/about.yaml')).toContain(`title: ${title}`)
  await expect(page.locator('.toolbar .state')).toHaveText('published')
})

test('a page a colleague published since says so, and Bring in the latest shows it here without publishing', async ({ page }) => {
  const title = `Team, as Bob published it ${Date.now().toString(36)}`
  await pushFromOther(repos, { 'pages/team.yaml': pageText('Team').replace(/title: Hello/, `title: ${title}`) }, 'Bob retitles the team page')
  await openPage(page, 'team.yaml')
  // Opening Publish asks the remote (the studio also asks each minute by itself).
  await page.getByRole('button', { name: /^Publish/ }).first().click()
  const publish = panel(page)
  await expect(page.locator('.toolbar .state')).toHaveText('newer version live')
  await publish.getByRole('button', { name: 'Bring in the latest' }).click()
  await expect(publish.getByRole('status').filter({ hasText: /^Brought in \d+ files? published since/ })).toBeVisible({ timeout: 30_000 })
  // The open page changed on disk: as for any change there, the author loads it (their text is never replaced unasked).
  await page.getByRole('alert').filter({ hasText: 'was saved from elsewhere since you opened it' }).getByRole('button', { name: /Load the version on disk/ }).click()
  await expect(page.locator('.cm-content')).toContainText(title)
  await expect(page.locator('.toolbar .state')).toHaveText('published')
})

test('a page deleted with the menu entry that links to it: both go live together, and Restore brings both back', async ({ page }) => {
  // A colleague publishes a page and its menu entry; this copy brings them in.
  const site = read(repos.root, 'pages/_site.yaml')
  const entry = /^( *)- label: .*\n\1  href: .*\n/m.exec(site)!
  const withFleet = site.replace(entry[0], `${entry[0]}${entry[1]}- label: Fleet\n${entry[1]}  href: /fleet\n`)
  await pushFromOther(repos, { 'pages/fleet.yaml': pageText('Fleet'), 'pages/_site.yaml': withFleet }, 'Bob adds the fleet page')
  git(repos.root, 'pull', '-q', '--ff-only')
  await openPage(page, 'fleet.yaml')
  const asked = new Promise<string>((done) => page.once('dialog', (dialog) => (done(dialog.message()), void dialog.accept())))
  await page.getByRole('button', { name: 'Delete' }).click()
  expect(await asked).toBe('Delete /fleet? 1 link to it (in the header and footer) will be taken out with it. Deleted pages, under the list of pages, can put it back as it is now, with its links.')
  await expect(page.locator('.action-notice')).toContainText('Deleted /fleet. The links to it in the header and footer went with it.')
  expect(read(repos.root, 'pages/_site.yaml')).toBe(site)

  await page.getByRole('button', { name: /^Publish/ }).first().click()
  const publish = panel(page)
  await publish.getByLabel('What changed, in a sentence').fill('No fleet page')
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(publish.getByRole('status').filter({ hasText: 'Published 2 files' })).toBeVisible({ timeout: 60_000 })
  expect(git(repos.remote, 'show', 'main:pages/_site.yaml')).not.toContain('href: /fleet')

  await page.getByText('Deleted pages', { exact: true }).click()
  await page.getByRole('button', { name: 'Restore /fleet' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Put back /fleet as it was when deleted, with its links in the header and footer. It is saved, not yet published.' })).toBeVisible({ timeout: 15_000 })
  expect(read(repos.root, 'pages/_site.yaml')).toBe(withFleet)
})

test('the local studio walks one person through a change: submitted, approved and published by keyboard, as one version', async ({ page }) => {
  // The previous test left the fleet page and its menu entry restored: saved, not live.
  await openPage(page, 'fleet.yaml')
  await page.getByRole('button', { name: /^Changes/ }).click()
  const changes = page.getByRole('region', { name: 'Changes' })
  await expect(changes.getByRole('checkbox', { name: /\/fleet/ })).toBeChecked()
  await expect(changes.getByRole('checkbox', { name: /the header and footer/ })).toBeChecked()
  const name = changes.getByLabel('Name of the change')
  await name.focus()
  await page.keyboard.type('The fleet page is back')
  await page.keyboard.press('Enter')
  const card = changes.getByRole('article', { name: /The fleet page is back/ })
  await expect(card.getByText('In review', { exact: true })).toBeVisible()
  await expect(page.locator('.here-too')).toHaveText('In the change “The fleet page is back” by Ada Author (in review)')
  await expect(page.locator('.toolbar .state')).toHaveText('in review')
  await expect(page.locator('.file-list .state.in-review')).toHaveCount(2)
  for (const [width, height] of [[1366, 768], [1280, 800]]) {
    await page.setViewportSize({ width: width!, height: height! })
    await page.screenshot({ path: test.info().outputPath(`changes-${width}.png`) })
  }
  await card.getByRole('button', { name: 'Approve' }).focus()
  await page.keyboard.press('Enter')
  await expect(card.getByText('Approved', { exact: true })).toBeVisible()
  // The approval is done once the card says so (its buttons wait for the list read again): a key pressed before lands on a disabled button.
  await expect(card.getByRole('status')).toHaveText('Approved: it can be published now.', { timeout: 20_000 })
  await card.getByRole('button', { name: 'Publish', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(changes.getByRole('status').filter({ hasText: 'Published 2 files' })).toBeVisible({ timeout: 60_000 })
  expect(git(repos.remote, 'log', '-1', '--format=%s', 'main')).toBe('The fleet page is back')
  expect(git(repos.remote, 'show', 'main:pages/_site.yaml')).toContain('href: /fleet')
  await expect(page.locator('.toolbar .state')).toHaveText('published')
})

// Last: it publishes, and the tests above read the remote's history as they left it.
test('the keyboard alone, at 1366×768: open a page from the list, change its heading, publish, in at most 25 keys besides the words typed', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto(studio.url)
  const file = 'about.yaml'
  // The walk starts on the page's row in the list, as a keyboard user arrives there.
  await page.locator(`.file-list a[href="#/pages/${file}"]`).focus()
  let keys = 0
  const press = async (key: string) => {
    keys++
    await page.keyboard.press(key)
  }
  const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? '')
  await press('Enter')
  await expect(page.getByRole('form', { name: `Form of ${pageName(file)}` })).toBeVisible()
  expect(await wcagViolations(page), 'the form at 1366×768').toEqual([])
  // Tab to the heading: the first block's own field, after the page's title and description.
  const heading = /^Heading/
  while (!heading.test(await focusedLabel()) && keys < 25) await press('Tab')
  expect(await focusedLabel()).toMatch(heading)
  await press('Control+a')
  await page.keyboard.type('Panels that answer')
  await press('Control+s')
  await expect(page.locator('.file-name')).toHaveText(pageName(file))
  await press('Alt+Shift+P')
  const publish = panel(page)
  await expect(publish.getByRole('heading', { name: 'Publish' })).toBeFocused()
  // What a person reads before going on: the panel has counted the page just saved, and Publish can be pressed.
  await expect(publish).toContainText(/saved but not live yet/)
  await expect(publish.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled()
  while (!/^What changed/.test(await focusedLabel()) && keys < 25) await press('Tab')
  await page.keyboard.type('A new heading for About')
  await press('Tab')
  await expect(publish.getByRole('button', { name: 'Publish', exact: true })).toBeFocused()
  await press('Enter')
  await expect(publish.getByRole('status').filter({ hasText: /Published \d+ files? to the live site/ })).toBeFocused({ timeout: 60_000 })
  expect(git(repos.remote, 'show', 'main:pages/about.yaml')).toContain('Panels that answer')
  test.info().annotations.push({ type: 'keys', description: `${keys} keys` })
  expect(keys).toBeLessThanOrEqual(25)
})
