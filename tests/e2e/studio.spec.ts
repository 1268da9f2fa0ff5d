import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startStudioCopy, type StudioCopy } from '../../scripts/studio-copy'
import { routeFromFile } from '../../src/shared/routes'
import { pageName } from '../../src/studio/shared/author-words'

/**
 * `npm run studio`, in real Chromium, on a copy of the project in a temp
 * folder (the real pages/ are never touched). The tests share one studio
 * and run in order: some of them change the copy's files.
 */
const port = Number(process.env.E2E_PORT ?? 4317) + 100
const comment = '# A comment the studio must keep, word for word.'
let studio: StudioCopy
/** A page whose first block is a hero: the one the tests edit. */
let file: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  studio = await startStudioCopy(port, (root) => {
    const pagesDir = join(root, 'pages')
    file = readdirSync(pagesDir).filter((f) => f.endsWith('.yaml') && !f.startsWith('_')).find((f) => /^blocks:\n\s+- type: hero$/m.test(readFileSync(join(pagesDir, f), 'utf8')))!
    // Comments in the page, at the top and between blocks, that saving must keep.
    const text = readFileSync(join(pagesDir, file), 'utf8')
    writeFileSync(join(pagesDir, file), `${comment}\n${text.replace(/\n\n(\s+- type:)/, `\n\n  ${comment}\n$1`)}`)
  })
  // The first visit has Chromium compile the studio's scripts and keep them; the tests time what follows.
  const warm = await browser.newPage()
  await openPage(warm, 90_000)
  await warm.close()
})

// Each test starts from the saved pages: no draft kept by an earlier test's unsaved edits.
test.beforeEach(() => {
  test.setTimeout(60_000)
  rmSync(join(studio.root, '.studio'), { recursive: true, force: true })
})

test.afterAll(async () => {
  await studio?.stop()
})

/** The header the studio's own page sends with every API call. */
const asStudio = () => ({ 'x-studio-token': studio.token })

const pagePath = () => join(studio.pagesDir, file)
const disk = () => readFileSync(pagePath(), 'utf8')

async function openPage(page: Page, timeout = 15_000): Promise<void> {
  await page.goto(`${studio.url}#/pages/${file}`)
  // These tests work in the text: the YAML tab (the form is tests/e2e/studio-forms.spec.ts's).
  await page.getByRole('tab', { name: 'YAML' }).click({ timeout })
  await expect(page.locator('.cm-content')).toContainText(comment, { timeout })
  // The previews show the page once its first check is done.
  await expect(page.frameLocator('iframe.phone').locator('[data-studio-block="0"]').first()).toBeAttached({ timeout })
  await expect(page.frameLocator('iframe.desktop').locator('[data-studio-block="0"]').first()).toBeAttached({ timeout })
}

/** Select a range of the editor's text (by offsets), as a mouse drag would. */
async function select(page: Page, from: number, to = from): Promise<void> {
  await page.evaluate(([a, b]) => window.studio.view!.dispatch({ selection: { anchor: a!, head: b! } }), [from, to])
  await page.locator('.cm-content').focus()
}

const editorText = (page: Page) => page.evaluate(() => window.studio.view!.state.doc.toString())

test('the previews set the page in the site\'s own font, as a visitor reads it from their second page on', async ({ page }) => {
  await openPage(page)
  for (const frame of ['iframe.phone', 'iframe.desktop']) {
    const heading = page.frameLocator(frame).getByRole('heading', { level: 1 })
    // A headline names its page's own face first (src/prerender/headline-face.ts); a preview has none, so Inter itself draws it.
    await expect.poll(() => heading.evaluate((h) => getComputedStyle(h).fontFamily), { timeout: 10_000 }).toMatch(/^("Inter headline", )?"Inter Variable"/)
    expect(await heading.evaluate(() => [...document.fonts].some((face) => face.family === 'Inter Variable' && face.status === 'loaded'))).toBe(true)
  }
})

test('a block-type typo is marked at its line and column with the suggestion; accepting it updates the preview', async ({ page }) => {
  await openPage(page)
  const text = await editorText(page)
  const at = text.indexOf('- type: hero') + '- type: '.length
  const line = text.slice(0, at).split('\n').length
  const column = at - text.lastIndexOf('\n', at - 1)
  await select(page, at, at + 'hero'.length)
  await page.keyboard.type('heor')

  const problem = page.getByRole('list', { name: 'Problems' }).getByRole('listitem')
  await expect(problem).toHaveCount(1)
  await expect(problem).toContainText(`line ${line}, column ${column}`)
  await expect(problem).toContainText('Did you mean "hero"?')
  const mark = page.locator('.cm-lintRange-error')
  await expect(mark).toHaveText('heor')
  await expect(page.getByText('Preview not updated: 1 problem.')).toBeVisible()
  // What the problem means is a link away, in a tab of its own, at the code's section of the studio's page of problems.
  const about = problem.getByRole('link', { name: 'About this problem (opens in a new tab)' })
  await expect(about).toHaveAttribute('href', '/help/problems#UnknownBlockType')
  const [help] = await Promise.all([page.context().waitForEvent('page'), about.click()])
  await expect(help.locator('section:target').getByRole('heading', { level: 2 })).toContainText('Unknown block type')
  await help.close()
  // The preview keeps the last valid page meanwhile.
  await expect(page.frameLocator('iframe.phone').locator('[data-studio-block="0"]').first()).toBeAttached({ timeout: 30_000 })

  const renders = await page.evaluate(() => window.studio.timings.filter((t) => t.previewed).length)
  await mark.hover()
  await page.locator('.cm-tooltip-lint').getByRole('button', { name: 'Use "hero"' }).click()
  await expect(page.getByText('No problems.')).toBeVisible()
  await expect(page.getByText(/Preview not updated/)).toHaveCount(0)
  expect(await editorText(page)).toBe(text)
  // Both previews rendered the corrected page.
  await expect.poll(() => page.evaluate(() => window.studio.timings.filter((t) => t.previewed).length)).toBeGreaterThan(renders)
  await expect(page.frameLocator('iframe.phone').locator('[data-studio-block="0"] h1')).toBeVisible()
})

test('a picture from the picker, saved: only its line changes on disk and comments stay', async ({ page }) => {
  await openPage(page)
  const before = disk()
  const media = (await (await page.request.get(`${studio.url}api/media`, { headers: asStudio() })).json()) as { path: string; kind: string }[]
  const text = await editorText(page)
  const srcLine = /^(\s+src: )(\S+)$/m.exec(text)!
  const picture = media.find((m) => m.kind === 'image' && m.path !== srcLine[2] && m.path.startsWith('/media/img/'))!
  const start = srcLine.index + srcLine[1]!.length
  await select(page, start, start + srcLine[2]!.length)
  await page.getByRole('button', { name: 'Pictures' }).click()
  const picker = page.getByRole('dialog', { name: 'Pictures and videos' })
  await expect(picker).toContainText('write its alt: text yourself')
  // A tile's tooltip starts with its path (then what pages say it shows, and where).
  const thumbnail = picker.locator(`button[title^="${picture.path}"]`)
  await thumbnail.scrollIntoViewIfNeeded()
  await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await thumbnail.click()
  // The picker closes, says the alt text is the author's to write, and the cursor is back in the text.
  await expect(picker).toBeHidden()
  await expect(page.getByText(`Inserted ${picture.path}. Now write its alt: yourself`)).toBeVisible()
  await expect(page.locator('.cm-editor')).toHaveClass(/cm-focused/)
  await expect(page.getByText('No problems.')).toBeVisible()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(`Saved ${pageName(file)}.`)).toBeVisible({ timeout: 15_000 })

  const after = disk()
  const [a, b] = [before.split('\n'), after.split('\n')]
  expect(b.length).toBe(a.length)
  const differing = a.map((l, i) => (l === b[i] ? -1 : i)).filter((i) => i >= 0)
  expect(text).toBe(before)
  expect(differing).toEqual([before.slice(0, srcLine.index).split('\n').length - 1])
  expect(b[differing[0]!]).toBe(`${srcLine[1]}${picture.path}`)
  expect(after.split(comment).length - 1).toBe(2)
  await expect(page.getByRole('region', { name: 'Changed in this session' })).toContainText(pageName(file), { timeout: 15_000 })
})

test('a block from the palette goes in at the cursor, indented like the others, and saves as inserted lines only', async ({ page }) => {
  await openPage(page)
  const before = disk()
  const catalogue = (await (await page.request.get(`${studio.url}api/catalogue`, { headers: asStudio() })).json()) as { type: string; examples: { yaml: string }[] }[]
  const entry = catalogue.find((e) => e.type === 'callout' && e.examples.length) ?? catalogue.find((e) => e.examples.length)!
  const blocksBefore = await page.frameLocator('iframe.desktop').locator('[data-studio-block]').count()
  const text = await editorText(page)
  // The cursor in the first block: the example goes in after it.
  await select(page, text.indexOf('- type: hero') + 3)
  await page.getByRole('button', { name: 'Add a block' }).click()
  await page.getByRole('dialog', { name: 'Add a block' }).getByRole('button', { name: new RegExp(`^${entry.type} `) }).click()
  await expect(page.getByRole('dialog', { name: 'Add a block' })).toBeHidden()
  await expect(page.getByText('No problems.')).toBeVisible()
  await expect(page.frameLocator('iframe.desktop').locator('[data-studio-block]')).toHaveCount(blocksBefore + 1)
  await page.keyboard.press('Control+s')
  await expect(page.getByText(`Saved ${pageName(file)}.`)).toBeVisible({ timeout: 15_000 })

  const [a, b] = [before.split('\n'), disk().split('\n')]
  let head = 0
  while (a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  // Nothing removed or changed; the inserted lines are the example, two spaces in like the page's blocks, and a blank line.
  expect(a.length - head - tail).toBe(0)
  const inserted = b.slice(head, b.length - tail)
  const indented = entry.examples[0]!.yaml.split('\n').map((l) => (l ? `  ${l}` : l))
  expect(inserted.filter((l) => l.trim())).toEqual(indented.filter((l) => l.trim()))
})

test('the studio notices the file changing on disk and never overwrites it silently', async ({ page }) => {
  await openPage(page)
  const outside = `${disk()}# Added by another editor.\n`
  writeFileSync(pagePath(), outside)
  const banner = page.getByRole('alert').filter({ hasText: 'was saved from elsewhere since you opened it' })
  await expect(banner).toBeVisible({ timeout: 15_000 })
  await select(page, 0)
  await page.keyboard.type('# mine\n')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Not saved: this page was saved from elsewhere')).toBeVisible({ timeout: 15_000 })
  expect(disk()).toBe(outside)
  await banner.getByRole('button', { name: /Load the version on disk/ }).click()
  await expect(page.locator('.cm-content')).toContainText('# Added by another editor.')
  expect(await editorText(page)).toBe(outside)
})

test('clicking a block in the preview puts the cursor on its YAML', async ({ page }) => {
  await openPage(page)
  const text = await editorText(page)
  const second = /\n\s+- type: /g
  second.exec(text)
  const match = second.exec(text)!
  const line = text.slice(0, match.index + match[0].indexOf('-')).split('\n').length
  await page.frameLocator('iframe.phone').locator('[data-studio-block="1"] > *').first().click({ position: { x: 5, y: 5 } })
  await expect.poll(() => page.evaluate(() => window.studio.view!.state.doc.lineAt(window.studio.view!.state.selection.main.head).number)).toBe(line)
})

test('a new page made like new-page appears in the list and opens', async ({ page }) => {
  await page.goto(studio.url)
  await page.getByLabel('Address').fill('/studio-made-page')
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page.locator('.file-name')).toHaveText('/studio-made-page', { timeout: 15_000 })
  expect(existsSync(join(studio.pagesDir, 'studio-made-page.yaml'))).toBe(true)
  await expect(page.getByRole('link', { name: /\/studio-made-page/ })).toBeVisible()
  // The same refusal as the CLI for a taken route.
  await page.getByLabel('Address').fill('/studio-made-page')
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page.locator('.new-page .error')).toContainText('already exists')
})

test('Rename asks for the new address in place, with the keyboard alone: a taken one is refused beside it, Esc leaves it, Enter moves the page', async ({ page }) => {
  await page.goto(studio.url)
  await page.getByLabel('Address').fill('/studio-renamed-from')
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page.locator('.file-name')).toHaveText('/studio-renamed-from', { timeout: 15_000 })
  const bytes = readFileSync(join(studio.pagesDir, 'studio-renamed-from.yaml'))
  await page.getByRole('button', { name: 'Rename', exact: true }).focus()
  await page.keyboard.press('Enter')
  const address = page.getByLabel('New address')
  await expect(address).toBeFocused()
  await expect(address).toHaveValue('/studio-renamed-from')
  await page.keyboard.press('Escape')
  await expect(address).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Rename', exact: true })).toBeFocused()
  // A taken address: refused under the field, which stays for another try.
  const taken = routeFromFile(file)
  await page.keyboard.press('Enter')
  await address.fill(taken.kind === 'route' ? taken.route : '/')
  await page.keyboard.press('Enter')
  await expect(page.locator('#rename-refused')).toContainText('already exists')
  await expect(address).toBeVisible()
  await address.fill('/studio-renamed-to')
  await page.keyboard.press('Enter')
  await expect(page.locator('.file-name')).toHaveText('/studio-renamed-to')
  await expect(page.locator('.action-notice')).toContainText('Moved to /studio-renamed-to.')
  expect(existsSync(join(studio.pagesDir, 'studio-renamed-from.yaml'))).toBe(false)
  expect(readFileSync(join(studio.pagesDir, 'studio-renamed-to.yaml')).equals(bytes), 'the same bytes under the new name').toBe(true)
})

/** A page's text in the studio's copy. */
const text = (f: string) => readFileSync(join(studio.pagesDir, f), 'utf8')

/** A page some other page links to, read from the copy's pages (not the page the other tests edit), with its address and the pages that link to it. */
function linkedPage(): { target: string; route: string; linkers: string[] } {
  const pages = (readdirSync(studio.pagesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.yaml') && !f.split('/').pop()!.startsWith('_') && f !== file)
  return pages.flatMap((f) => {
    const of = routeFromFile(f)
    if (of.kind !== 'route') return []
    const linkers = pages.filter((other) => other !== f && text(other).includes(`href: ${of.route}\n`))
    return linkers.length ? [{ target: f, route: of.route, linkers }] : []
  })[0]!
}

test('after a rename, the links that still lead to the old address lead to the new one when asked, each file otherwise as it was', async ({ page }) => {
  const { target, route, linkers } = linkedPage()
  const moved = `${route}-moved`
  const movedFile = `${moved.slice(1)}.yaml`
  const before = new Map([target, ...linkers].map((f) => [f, text(f)]))
  try {
    await page.goto(`${studio.url}#/pages/${target}`)
    await expect(page.locator('.file-name')).toHaveText(pageName(target), { timeout: 15_000 })
    await page.getByRole('button', { name: 'Rename', exact: true }).click()
    await page.getByLabel('New address').fill(moved)
    await page.keyboard.press('Enter')
    const notice = page.locator('.action-notice')
    // A rename reads every page again: longer than 5 s on a busy machine.
    await expect(notice).toContainText(`Moved to ${moved}.`, { timeout: 20_000 })
    await expect(notice).toContainText(pageName(linkers[0]!))
    await notice.getByRole('button', { name: `Change them to lead to ${moved}` }).click()
    await expect(notice).toContainText(`lead to ${moved} now`, { timeout: 20_000 })
    for (const linker of linkers) expect(text(linker), linker).toBe(before.get(linker)!.replace(new RegExp(`href: ${route}(?=[#?\\n])`, 'g'), `href: ${moved}`))
  } finally {
    rmSync(join(studio.pagesDir, movedFile), { force: true })
    for (const [f, was] of before) writeFileSync(join(studio.pagesDir, f), was)
  }
})

test('Delete says what it did and which pages now link nowhere, and puts the page back as it was when asked; said until another page is opened', async ({ page }) => {
  const { target, linkers } = linkedPage()
  const before = text(target)
  try {
    await page.goto(`${studio.url}#/pages/${target}`)
    await expect(page.locator('.file-name')).toHaveText(`${pageName(target)}`, { timeout: 15_000 })
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete' }).click()
    const notice = page.locator('.action-notice')
    // Delete first asks which pages link here (every page read): longer than 5 s on a busy machine.
    await expect(notice).toContainText(`Deleted ${pageName(target)}.`, { timeout: 20_000 })
    for (const linker of linkers) await expect(notice).toContainText(pageName(linker))
    await expect(page.locator('.file-name')).toHaveCount(0)
    // The preview no longer shows the page deleted.
    await expect(page.getByText('No page is open: open one on the left to see it here.')).toBeVisible()
    await expect(page.getByTitle('Preview at 1280 pixels')).toBeHidden()
    // Deleted pages lists it at once, though the delete is not published.
    await page.getByText('Deleted pages', { exact: true }).click()
    await expect(page.getByRole('button', { name: `Restore ${pageName(target)}` })).toBeVisible()
    await page.getByText('Deleted pages', { exact: true }).click()
    await notice.getByRole('button', { name: 'Put it back' }).click()
    // Putting back reads every page again too (the links it brings back): as long as the delete on a busy machine.
    await expect(page.locator('.file-name')).toHaveText(`${pageName(target)}`, { timeout: 20_000 })
    await expect(notice).toContainText(`Put back ${pageName(target)} as it was`)
    expect(text(target)).toBe(before)
    // Another page opened: what the delete said is not said of it.
    await page.goto(`${studio.url}#/pages/${linkers[0]}`)
    await expect(page.locator('.file-name')).toHaveText(pageName(linkers[0]!), { timeout: 15_000 })
    await expect(notice).toHaveCount(0)
  } finally {
    writeFileSync(join(studio.pagesDir, target), before)
  }
})

test('in the text, Tab indents; Esc then Tab moves on, as the line the text is described by says', async ({ page }) => {
  await openPage(page)
  const text = page.locator('.cm-content')
  const hint = page.locator(`#${await text.getAttribute('aria-describedby')}`)
  await expect(hint).toBeVisible()
  await expect(hint).toContainText('Esc, then Tab')
  const before = await text.innerText()
  await text.focus()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Tab')
  await expect(text).not.toBeFocused()
  expect(await text.innerText(), 'nothing typed into the page').toBe(before)
})

test('paths outside pages/ are refused, in the app and by the API, links included', async ({ page, request }) => {
  const secret = join(studio.root, 'secret.yaml')
  writeFileSync(secret, 'title: not for the studio\n')
  symlinkSync(secret, join(studio.pagesDir, 'leak.yaml'))
  for (const path of ['../package.json', '../secret.yaml', '/etc/passwd', 'leak.yaml', 'b2b/../../secret.yaml']) {
    const response = await request.get(`${studio.url}api/file?path=${encodeURIComponent(path)}`, { headers: asStudio() })
    expect(response.status(), path).toBe(403)
  }
  const write = await request.put(`${studio.url}api/file`, { data: { path: 'leak.yaml', text: 'owned', force: true }, headers: asStudio() })
  expect(write.status()).toBe(403)
  const escape = await request.put(`${studio.url}api/file`, { data: { path: '../schema/page.schema.json', text: '{}', force: true }, headers: asStudio() })
  expect(escape.status()).toBe(403)
  expect(readFileSync(secret, 'utf8')).toBe('title: not for the studio\n')
  // Another site cannot post to it, and it answers only at its own address.
  const foreign = await request.post(`${studio.url}api/delete`, { data: { path: file }, headers: { ...asStudio(), origin: 'https://example.com' } })
  expect(foreign.status()).toBe(403)
  expect(existsSync(pagePath())).toBe(true)
  const rebound = await request.get(`${studio.url}api/pages`, { headers: { ...asStudio(), host: 'studio.example.com' } })
  expect(rebound.status()).toBe(421)
  // The project's own files are not served either.
  expect((await request.get(`${studio.url}@fs${resolve(studio.root, 'secret.yaml')}`)).status()).toBeGreaterThanOrEqual(400)

  await page.goto(`${studio.url}#/pages/../secret.yaml`)
  await expect(page.getByRole('alert')).toContainText('outside pages/')
})

test('the studio listens on 127.0.0.1 only', async () => {
  const others = Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal)
  test.skip(!others.length, 'this machine has no other network address to try')
  for (const address of others) {
    const reached = await new Promise<boolean>((done) => {
      const socket = connect({ host: address!.address, port }, () => (socket.destroy(), done(true)))
      socket.on('error', () => done(false))
    })
    expect(reached, address!.address).toBe(false)
  }
})

test('no byte of the studio reaches dist/', async () => {
  const dist = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(import.meta.dirname, '../../dist')
  test.skip(!existsSync(dist), 'run npm run build first')
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]))
  })(dist)
  expect(files.length).toBeGreaterThan(0)
  for (const f of files) {
    const text = readFileSync(f, 'latin1')
    for (const marker of ['data-studio-block', '/api/check', 'cm-editor', 'studio-blocks', 'codemirror']) expect(text.includes(marker), `${f} holds "${marker}"`).toBe(false)
  }
})

test('Duplicate this item copies the list item at the cursor below itself, and the preview shows both', async ({ page }) => {
  await openPage(page)
  const text = await editorText(page)
  // The first item of a list inside a block (a bullet, a card...): a "- " deeper than the blocks' own.
  const item = /^( {4,})- (.+)$/m.exec(text)!
  const words = item[2]!.replace(/^\w+: /, '')
  await select(page, item.index + item[1]!.length + 3)
  const before = await page.frameLocator('iframe.desktop').getByText(words, { exact: true }).count()
  await page.getByRole('button', { name: 'Duplicate this item' }).click()
  await expect(page.getByText('Copied the item below itself')).toBeVisible()
  expect((await editorText(page)).split(`${item[1]}- ${item[2]}\n`).length - 1).toBe(2)
  await expect(page.frameLocator('iframe.desktop').getByText(words, { exact: true })).toHaveCount(before + 1)
  // Outside any list item it says where to put the cursor, and changes nothing.
  const changed = await editorText(page)
  await select(page, 0)
  await page.getByRole('button', { name: 'Duplicate this item' }).click()
  await expect(page.getByText('Put the cursor in a card, a testimonial, a bullet')).toBeVisible()
  expect(await editorText(page)).toBe(changed)
})

test('a site of hundreds of pages lists the first 200, says so, and its search finds the others', async ({ page }) => {
  const dir = join(studio.pagesDir, 'bulk')
  mkdirSync(dir)
  try {
    // More pages than the list draws (a page each, as an author's script might add them).
    for (let i = 0; i < 260; i++) writeFileSync(join(dir, `p${String(i).padStart(3, '0')}.yaml`), `title: Bulk page ${i}\n`)
    // Every file the list has: the pages and the site's own (_site.yaml, _shared.yaml).
    const all = readdirSync(studio.pagesDir, { recursive: true }).filter((f) => String(f).endsWith('.yaml')).length
    await page.goto(studio.url)
    const list = page.getByRole('complementary', { name: 'Pages' }).locator('.file-list > li')
    await expect(page.getByRole('status').filter({ hasText: `The first 200 of ${all.toLocaleString('en')} pages` })).toBeVisible({ timeout: 15_000 })
    await expect(list).toHaveCount(200)
    // The last of them is beyond the first 200 (they come in address order): the search finds it.
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('bulk/p259')
    await expect(list).toHaveCount(1)
    await expect(list.first()).toContainText('/bulk/p259')
    await expect(page.getByRole('status').filter({ hasText: 'The first 200' })).toHaveCount(0)
    // New page offers the pages to copy that hold what is typed, by address or title, a few dozen at most.
    const copyOf = page.getByLabel('Start from a copy of')
    const offered = page.locator('#copy-of-pages option')
    await copyOf.fill('p259')
    await expect(offered).toHaveCount(1)
    await expect(offered).toHaveAttribute('value', '/bulk/p259')
    await copyOf.fill('Bulk page 2')
    await expect(offered).toHaveCount(50)
    await expect(page.getByText('50 or more pages hold "Bulk page 2": choose one of those offered, or type more of its address or title.')).toBeVisible()
    // p250 to p259.
    await copyOf.fill('/bulk/p25')
    await expect(page.getByText('10 pages hold "/bulk/p25"')).toBeVisible()
    // One page holds it, by its title: that page is the one copied.
    await copyOf.fill('Bulk page 259')
    await expect(page.getByText('A copy of Bulk page 259 (/bulk/p259).')).toBeVisible()
    await copyOf.fill('nothing like it')
    await expect(page.getByText('No page\'s address or title holds "nothing like it".')).toBeVisible()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
