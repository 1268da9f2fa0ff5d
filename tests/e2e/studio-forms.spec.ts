import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { gpsLatitude, readJpegGps, webpChunks, withPhoneExif } from '../support/exif'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { parse, parseDocument, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml'
import { startStudioCopy, type StudioCopy } from '../../scripts/studio-copy'
import { wcagViolations } from './axe'
import { holdRequests } from './console'
import { pageName } from '../../src/studio/shared/author-words'
import { eventsPath } from '../../src/studio/shared/api'

/**
 * The studio's forms, in real Chromium, used with the form alone (no key
 * typed in the YAML tab): every change saves as exactly the lines it means,
 * every other byte of the file kept. Which pages and blocks to use is read
 * from pages/, so editing content never breaks these tests.
 */
const port = Number(process.env.E2E_PORT ?? 4317) + 130
let studio: StudioCopy

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  studio = await startStudioCopy(port)
  const warm = await browser.newPage()
  await openForm(warm, 'index.yaml', 90_000)
  await warm.close()
})
test.beforeEach(() => test.setTimeout(60_000))
test.afterAll(async () => studio?.stop())

const disk = (file: string) => readFileSync(join(studio.pagesDir, file), 'utf8')
const data = (file: string) => parse(disk(file)) as { blocks: Record<string, unknown>[] } & Record<string, unknown>

type FieldSchema = { title?: string; properties?: Record<string, FieldSchema>; items?: FieldSchema }
/** The form's label for a field, as its schema names it: the field's own title, else its name ("title" -> "Title"). `path` runs through lists' items: ['cards', 'title']. */
function formLabel(schemaFile: string, ...path: string[]): string {
  let at = JSON.parse(readFileSync(join('schema', schemaFile), 'utf8')) as FieldSchema
  for (const name of path) at = (at.properties ?? at.items?.properties)![name]!
  return at.title ?? path.at(-1)!.charAt(0).toUpperCase() + path.at(-1)!.slice(1)
}
const blockLabel = (block: Record<string, unknown>, ...path: string[]) => formLabel(`blocks/${String(block.type)}.schema.json`, ...path)

/** The lines that differ between two texts (edits here are in one place: what is between the common start and end). */
function changed(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n')
  const b = after.split('\n')
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) }
}

async function openForm(page: Page, file: string, timeout = 15_000): Promise<void> {
  await page.goto(`${studio.url}#/pages/${file}`)
  await expect(page.getByRole('form', { name: `Form of ${pageName(file)}` })).toBeVisible({ timeout })
}

/** Ctrl+S, and wait until the file on disk is the text shown (the dirty mark goes). */
async function save(page: Page, file: string): Promise<void> {
  await expect(page.locator('.file-name')).toHaveText(`${pageName(file)} •`)
  await page.keyboard.press('Control+s')
  await expect(page.locator('.file-name')).toHaveText(`${pageName(file)}`)
}

/**
 * Leave the page as an author closes the tab: the studio keeps or drops the
 * draft on the way out, and the next test opens the file without one. (A
 * draft kept of a moment in between, and never dropped because the page
 * closed first, would come back in the next test's form.)
 */
async function leave(page: Page, file: string): Promise<void> {
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => existsSync(join(studio.root, '.studio', 'drafts', `${encodeURIComponent(file)}.json`))).toBe(false)
}

/**
 * New page at `route`, a copy of the first detail page the B2B hub's cards
 * link to (with its words emptied, if asked); returns the copied route.
 * New page offers to copy the hub's card for it, ticked: `linked` keeps
 * that tick and ticks the menus named, otherwise nothing is linked.
 */
async function newCopyOfDetailPage(page: Page, route: string, { emptyWords = false, linked = undefined as undefined | { menus: RegExp[] } } = {}): Promise<string> {
  const detail = await chooseCopyOfDetailPage(page, route)
  if (emptyWords) await page.getByRole('checkbox', { name: /^Empty its words for mine/ }).check()
  const places = page.getByRole('group', { name: 'Link to the new page from' })
  const hubCard = places.getByRole('checkbox', { name: /^\/b2b-audience: .*copied for it$/ })
  await expect(hubCard).toBeChecked()
  if (!linked) await hubCard.uncheck()
  for (const menu of linked?.menus ?? []) {
    await places.getByText("The site's menus and footer").click()
    await places.getByRole('checkbox', { name: menu }).check()
  }
  await page.getByRole('button', { name: 'Create page' }).click()
  return detail
}

/** New page's address and its choice to start from: a copy of the first detail page the B2B hub's cards link to (returned). */
async function chooseCopyOfDetailPage(page: Page, route: string): Promise<string> {
  await page.goto(studio.url)
  const detail = (data('b2b-audience.yaml').blocks.find((b) => Array.isArray(b.cards))!.cards as { href: string }[])[0]!.href
  await page.getByLabel('Address').fill(route)
  await page.getByLabel('Start from a copy of').fill(detail)
  return detail
}

/** Hold the studio's checks of `file` in the browser until the returned function is called, as a slow machine would. */
const holdChecks = (page: Page, file: string) => holdRequests(page, '**/api/check', (request) => (request.postDataJSON() as { path?: string }).path === file)

/** A picture some page describes in its alt text (with a word of five letters or more to search for). */
function describedPicture(): { src: string; alt: string } {
  const found: { src: string; alt: string }[] = []
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (!value || typeof value !== 'object') return
    const { src, alt } = value as { src?: unknown; alt?: unknown }
    if (typeof src === 'string' && typeof alt === 'string' && /\w{5}/.test(alt)) found.push({ src, alt })
    Object.values(value).forEach(walk)
  }
  for (const file of readdirSync(studio.pagesDir).filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))) walk(data(file).blocks)
  return found[0]!
}

/** The symbols a block's cards may take, as its schema lists them. */
function blockSchemaIcons(type: string): string[] {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'blocks', `${type}.schema.json`), 'utf8'))
  return schema.properties.cards.items.properties.icon.enum
}

const block = (page: Page, index: number) => page.getByRole('region', { name: new RegExp(`^Block ${index + 1}: `) })

test('a page opened from the list by keyboard takes the keyboard to its first field', async ({ page }) => {
  await openForm(page, 'index.yaml')
  const file = 'about-us.yaml'
  const link = page.locator(`.file-list a[href="#/pages/${file}"]`)
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('form', { name: `Form of ${pageName(file)}` })).toBeVisible()
  await expect(page.getByRole('form', { name: `Form of ${pageName(file)}` }).getByLabel(formLabel('page.schema.json', 'title'), { exact: true })).toBeFocused()
})

test('a form waits for no answer of its own: its model is asked as the studio opens, and another page draws from the last model while it is asked again', async ({ page }) => {
  const [first, second] = readdirSync(studio.pagesDir).filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
  // The page's text held back: the form's model is asked all the same, beside it, not after it.
  const releaseText = await holdRequests(page, '**/api/file?*')
  const modelAsked = page.waitForRequest('**/api/form', { timeout: 15_000 })
  await page.goto(`${studio.url}#/pages/${first}`)
  await modelAsked
  releaseText()
  await expect(page.getByRole('form', { name: `Form of ${pageName(first!)}` })).toBeVisible()
  // Another page while the model's answer is held: its form is drawn from the last one.
  const releaseModel = await holdRequests(page, '**/api/form')
  await page.locator(`.file-list a[href="#/pages/${second}"]`).click()
  await expect(page.getByRole('form', { name: `Form of ${pageName(second!)}` })).toBeVisible()
  await expect(page.getByText('Preparing the form…')).toHaveCount(0)
  releaseModel()
})

test('the home heading and its highlighted words, changed in the form, change those two lines only', async ({ page }) => {
  const file = 'index.yaml'
  const before = disk(file)
  const index = data(file).blocks.findIndex((b) => typeof b.title === 'string' && typeof b.highlight === 'string')
  await openForm(page, file)
  const hero = block(page, index)
  await hero.getByLabel(blockLabel(data(file).blocks[index]!, 'title'), { exact: true }).fill('Research Made Simple With The Right People')
  // Picked from the heading's words: the first and the last of the phrase.
  const words = hero.getByRole('group', { name: 'Pick the highlight from the words of the title' })
  await words.getByRole('button', { name: 'The', exact: true }).click()
  await words.getByRole('button', { name: 'People', exact: true }).click()
  await expect(hero.getByLabel('Highlight', { exact: true })).toHaveValue('The Right People')
  // By keyboard the words are one Tab stop: the arrow keys move between them, Tab leaves them, Shift+Tab comes back to the same word.
  await words.getByRole('button', { name: 'People', exact: true }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(words.getByRole('button', { name: 'Right', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await words.evaluate((group) => group.contains(document.activeElement))).toBe(false)
  await page.keyboard.press('Shift+Tab')
  await expect(words.getByRole('button', { name: 'Right', exact: true })).toBeFocused()
  expect(await words.getByRole('button').evaluateAll((all) => all.filter((b) => b.getAttribute('tabindex') === '0').length)).toBe(1)
  // The preview follows the form.
  await expect(page.frameLocator('iframe.phone').getByText('The Right People').first()).toBeVisible()
  await save(page, file)
  const diff = changed(before, disk(file))
  expect(diff.added).toEqual(['    title: Research Made Simple With The Right People', '    highlight: The Right People'])
  expect(diff.removed.map((l) => l.trim().split(':')[0])).toEqual(['title', 'highlight'])
})

test('a text that YAML would misread is quoted by the studio, not the author', async ({ page }) => {
  const file = 'index.yaml'
  const index = data(file).blocks.findIndex((b) => typeof b.title === 'string')
  await openForm(page, file)
  await block(page, index).getByLabel(blockLabel(data(file).blocks[index]!, 'title'), { exact: true }).fill('Who: everyone # really')
  await save(page, file)
  expect(data(file).blocks[index]!.title).toBe('Who: everyone # really')
})

test('a bullet added, moved up and removed in the form', async ({ page }) => {
  // The first page with a block holding at least two bullets.
  const pages = ['about-us.yaml', 'b2b-audience.yaml', 'online-search.yaml']
  const file = pages.find((f) => data(f).blocks.some((b) => Array.isArray(b.bullets) && b.bullets.length >= 2))!
  const index = data(file).blocks.findIndex((b) => Array.isArray(b.bullets) && b.bullets.length >= 2)
  const bullets = data(file).blocks[index]!.bullets as string[]
  const before = disk(file)
  await openForm(page, file)
  const list = block(page, index).getByRole('group', { name: /^Bullets/ })
  await list.getByRole('button', { name: 'Add a bullet' }).click()
  const added = list.getByLabel(`Bullet ${bullets.length + 1}`, { exact: true })
  // The cursor is already in the new bullet: a keyboard user types straight away.
  await expect(added).toBeFocused()
  await page.keyboard.type('Interviews in 12 languages')
  await save(page, file)
  expect(changed(before, disk(file))).toEqual({ removed: [], added: [expect.stringMatching(/^\s+- Interviews in 12 languages$/)] })

  await list.getByRole('button', { name: `Move bullet ${bullets.length + 1} up` }).click()
  // The focus moved with the bullet: Enter again would move it on.
  await expect(list.getByRole('button', { name: `Move bullet ${bullets.length} up` })).toBeFocused()
  await save(page, file)
  expect((data(file).blocks[index]!.bullets as string[]).slice(-2)).toEqual(['Interviews in 12 languages', bullets.at(-1)])
  if (bullets.length >= 2) {
    // Straight to the top, and back to where it was, with the "Move to…" list.
    await list.getByRole('combobox', { name: `Move bullet ${bullets.length} to` }).selectOption({ label: 'the top' })
    await expect(list.getByLabel('Bullet 1', { exact: true })).toHaveValue('Interviews in 12 languages')
    await list.getByRole('combobox', { name: 'Move bullet 1 to' }).selectOption({ label: `place ${bullets.length}` })
    // Back where it was saved: nothing left to save.
    await expect(page.locator('.file-name')).toHaveText(`${pageName(file)}`)
    expect((data(file).blocks[index]!.bullets as string[]).slice(-2)).toEqual(['Interviews in 12 languages', bullets.at(-1)])
  }

  await list.getByRole('button', { name: `Remove bullet ${bullets.length}` }).click()
  await save(page, file)
  expect(disk(file)).toBe(before)
})

test('Undo takes back a change made in the form, and Redo makes it again', async ({ page }) => {
  const file = 'b2b-audience.yaml'
  const before = disk(file)
  const count = data(file).blocks.length
  await openForm(page, file)
  await page.getByRole('button', { name: `Remove block ${count}` }).click()
  await expect(page.getByRole('region', { name: new RegExp(`^Block ${count}: `) })).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.getByRole('region', { name: new RegExp(`^Block ${count}: `) })).toHaveCount(1)
  await expect(page.locator('.file-name')).toHaveText(`${pageName(file)}`)
  await page.getByRole('button', { name: 'Redo', exact: true }).click()
  await expect(page.getByRole('region', { name: new RegExp(`^Block ${count}: `) })).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.locator('.file-name')).toHaveText(`${pageName(file)}`)
  expect(disk(file)).toBe(before)
  await leave(page, file)
})

test("Clear its words empties a copied block's texts for the author's own, keeping its links and pictures, in one step of Undo", async ({ page }) => {
  const file = 'b2b-audience.yaml'
  const before = disk(file)
  const hero = data(file).blocks[0] as { title: string }
  await openForm(page, file)
  const first = block(page, 0)
  const heading = blockLabel(data(file).blocks[0]!, 'title')
  await expect(first.getByLabel(heading, { exact: true })).toHaveValue(hero.title)
  await page.getByRole('button', { name: 'Clear the words of block 1' }).click()
  await expect(first.getByLabel(heading, { exact: true })).toHaveValue('')
  // Waiting for words, said calmly, not an error.
  await expect(first.locator('.field.needed').first()).toContainText('to fill in')
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(first.getByLabel(heading, { exact: true })).toHaveValue(hero.title)
  await expect(page.locator('.file-name')).toHaveText(`${pageName(file)}`)
  expect(disk(file)).toBe(before)
  await leave(page, file)
})

test("New page as a copy with its words emptied: the copy's blocks wait for the author's words", async ({ page }) => {
  const detail = await newCopyOfDetailPage(page, '/b2b/words-to-write', { emptyWords: true })
  await expect(page.locator('.file-name')).toHaveText('/b2b/words-to-write', { timeout: 15_000 })
  await page.getByRole('tab', { name: 'Form' }).click()
  const hero = block(page, 0)
  await expect(hero.getByLabel(blockLabel(data('b2b/words-to-write.yaml').blocks[0]!, 'title'), { exact: true })).toHaveValue('')
  await expect(hero.locator('.field.needed').first()).toContainText('to fill in')
  const copied = data(`${detail.slice(1)}.yaml`).blocks.map((b) => b.type)
  expect(data('b2b/words-to-write.yaml').blocks.map((b) => b.type)).toEqual(copied)
})

test('New page stays where it is while its choices arrive: a click aimed at Create page or its checkbox lands there', async ({ page }) => {
  // The pages above it, and the menus and footer to link a new page from, come after the studio opens; hold them, as a slow machine would.
  const releasePages = await holdRequests(page, `**${eventsPath}`)
  const releaseMenus = await holdRequests(page, '**/api/link-places')
  await page.goto(studio.url)
  const create = page.getByRole('button', { name: 'Create page' })
  const created = await create.boundingBox()
  releasePages()
  releaseMenus()
  await expect(page.locator('.file-list a').first()).toBeVisible()
  // The menus' choices are in place (in a closed details, so not yet visible).
  await expect(page.locator('.new-page .link-places details input[type="checkbox"]').first()).toBeAttached()
  expect(await create.boundingBox()).toEqual(created)
  // The places to link the copy from come after the copy is chosen.
  const release = await holdRequests(page, '**/api/link-places?*')
  await chooseCopyOfDetailPage(page, '/b2b/held-choices')
  const emptyWords = page.getByRole('checkbox', { name: /^Empty its words for mine/ })
  const before = await emptyWords.boundingBox()
  release()
  await expect(page.getByRole('group', { name: 'Link to the new page from' }).getByRole('checkbox', { name: /copied for it$/ })).toBeChecked()
  expect(await emptyWords.boundingBox()).toEqual(before)
})

test('while a page just opened is first checked, the preview still showing the page before is greyed', async ({ page }) => {
  const [first, second] = readdirSync(studio.pagesDir).filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
  const frames = page.locator('.preview .frames')
  await openForm(page, first!)
  await expect(page.frameLocator('iframe.desktop').locator('h1')).toBeVisible({ timeout: 15_000 })
  await expect(frames).not.toHaveClass(/other-page/)
  const release = await holdChecks(page, second!)
  await openForm(page, second!)
  await expect(frames).toHaveClass(/other-page/)
  release()
  await expect(frames).not.toHaveClass(/other-page/, { timeout: 15_000 })
})

test('a block removed in the form takes only its own lines with it', async ({ page }) => {
  const file = 'b2b-audience.yaml'
  const before = disk(file)
  const blocks = data(file).blocks
  const index = blocks.length - 1
  await openForm(page, file)
  await page.getByRole('button', { name: `Remove block ${index + 1}` }).click()
  await save(page, file)
  const diff = changed(before, disk(file))
  expect(diff.added).toEqual([])
  expect(diff.removed.find((l) => l.trim())).toBe(`  - type: ${blocks[index]!.type}`)
  expect(data(file).blocks).toEqual(blocks.slice(0, -1))
})

test('New page links the copy from its hub and the Audience menu in the same step; the author writes those links\' words in the form', async ({ page }) => {
  const hub = 'b2b-audience.yaml'
  const site = '_site.yaml'
  const [hubBefore, siteBefore] = [disk(hub), disk(site)]
  // The menu that links to the hub: the copy's link goes right under the hub's, and the checkbox says so.
  const menus = (data(site).header as { menus: { label: string; links: { label: string; href: string }[] }[] }).menus
  const menuIndex = menus.findIndex((m) => m.links.some((l) => l.href === '/b2b-audience'))
  const menu = menus[menuIndex]!
  const hubAt = menu.links.findIndex((l) => l.href === '/b2b-audience')
  const detail = await newCopyOfDetailPage(page, '/b2b/fleet-operators', { emptyWords: true, linked: { menus: [new RegExp(`^Header › Menu “${menu.label}”, under “${menu.links[hubAt]!.label}”$`)] } })
  await expect(page.locator('.file-name')).toHaveText('/b2b/fleet-operators', { timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Made /b2b/fleet-operators' })).toContainText('linked from /b2b-audience and the header and footer')
  // Its words are to write, so the preview cannot show it yet, and says so rather than show another page as if it were this one.
  await expect(page.getByRole('status').filter({ hasText: 'This page is not shown yet' })).toContainText('each marked where it is')

  // The hub's new card is the copied page's, after it, leading to the new page; its words are to write.
  const index = data(hub).blocks.findIndex((b) => Array.isArray(b.cards))
  const cards = data(hub).blocks[index]!.cards as Record<string, unknown>[]
  const at = cards.findIndex((c) => c.href === detail)
  expect(cards[at + 1]).toMatchObject({ href: '/b2b/fleet-operators', title: '', icon: cards[at]!.icon })
  // The new page's problems are not the hub's: while the hub's own check is
  // on its way, its form offers no problem to go to, and says it is checking.
  const releaseChecks = await holdChecks(page, hub)
  await openForm(page, hub)
  await expect(page.getByRole('status').filter({ hasText: 'Checking the page…' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Go to the next problem/ })).toHaveCount(0)
  releaseChecks()
  const card = block(page, index).getByRole('group', { name: /^Cards/ }).getByRole('listitem').nth(at + 1)
  // The hub's problems are the new card's words: "Go to the next problem" takes the author to each field in turn.
  const next = page.getByRole('button', { name: /^Go to the next problem/ })
  await next.click()
  await expect(card.getByLabel(blockLabel(data(hub).blocks[index]!, 'cards', 'title'), { exact: true })).toBeFocused()
  await page.keyboard.type('Fleet operators')
  await next.click()
  await expect(card.getByLabel('Description', { exact: true })).toBeFocused()
  await page.keyboard.type('People who run company vans and cars, and those who service them.')
  await save(page, hub)
  await expect(page.getByRole('status').filter({ hasText: 'No problems.' })).toBeVisible()
  expect(changed(hubBefore, disk(hub)).removed).toEqual([])

  // The menu's new link, right under the hub's, waits for its label.
  await openForm(page, site)
  const menuGroup = page.getByRole('group', { name: `Menu ${menuIndex + 1}` })
  const link = menuGroup.getByRole('group', { name: /^Links/ }).getByRole('listitem').nth(hubAt + 1)
  await expect(link.getByLabel('Link to', { exact: true })).toHaveValue('/b2b/fleet-operators')
  await link.getByLabel('Label', { exact: true }).fill('Fleet operators')
  await save(page, site)
  await expect(page.getByRole('status').filter({ hasText: 'No problems.' })).toBeVisible()
  const siteDiff = changed(siteBefore, disk(site))
  expect(siteDiff.removed).toEqual([])
  expect(siteDiff.added.map((l) => l.trim())).toEqual(['- label: Fleet operators', 'href: /b2b/fleet-operators'])
  // Removed again in the form, as an author would: the files are as they were, byte for byte
  // (and the hub has room again for the next test's card: its list of cards has a limit).
  await menuGroup.getByRole('button', { name: `Remove link ${hubAt + 2}` }).click()
  await save(page, site)
  expect(disk(site)).toBe(siteBefore)
  await openForm(page, hub)
  await block(page, index).getByRole('button', { name: `Remove card ${at + 2}` }).click()
  await save(page, hub)
  expect(disk(hub)).toBe(hubBefore)
  await leave(page, hub)
})

test('a new detail page gets a card on its hub, with an icon from the list and a link from the picker, and a link in the header menu', async ({ page }) => {
  // Like /b2b/smes: a copy of a detail page under the same hub.
  const hub = 'b2b-audience.yaml'
  await newCopyOfDetailPage(page, '/b2b/fleet-managers')
  await expect(page.locator('.file-name')).toHaveText('/b2b/fleet-managers', { timeout: 15_000 })
  // Saved already, and the way to make a copy one's own, said at once.
  await expect(page.getByRole('status').filter({ hasText: 'Made /b2b/fleet-managers and saved it' })).toContainText('Clear its words')

  // The card on the hub.
  const before = disk(hub)
  const index = data(hub).blocks.findIndex((b) => Array.isArray(b.cards))
  const count = (data(hub).blocks[index]!.cards as unknown[]).length
  await openForm(page, hub)
  const cards = block(page, index).getByRole('group', { name: /^Cards/ })
  await cards.getByRole('button', { name: 'Add a card' }).click()
  const card = cards.getByRole('listitem').nth(count)
  await card.getByLabel(blockLabel(data(hub).blocks[index]!, 'cards', 'title'), { exact: true }).fill('Fleet managers')
  await card.getByLabel('Description', { exact: true }).fill('People who run company vehicles, from vans to cars.')
  // The symbols are offered as what they look like; the arrow keys move between them as in any radio group.
  const icons = card.getByRole('radiogroup', { name: 'Icon', exact: true })
  await expect(icons.locator('label:has(svg)')).toHaveCount(blockSchemaIcons(data(hub).blocks[index]!.type as string).length)
  await expect(icons.locator('label', { hasText: /^car$/ }).locator('svg')).toHaveCount(1)
  await icons.getByRole('radio', { name: 'car', exact: true }).check()
  await card.getByRole('button', { name: 'Choose a picture' }).click()
  await card.getByRole('group', { name: 'Pictures of the site' }).getByRole('listitem').first().getByRole('button').click()
  await card.getByLabel('What it shows', { exact: true }).fill('')
  const href = card.getByLabel('Link to', { exact: true })
  // The picker offers the new page by a word of its address or title.
  await href.fill('fleet')
  await expect(page.locator(`[id="${await href.getAttribute('list')}"] option[value="/b2b/fleet-managers"]`)).toHaveCount(1)
  await href.fill('/b2b/fleet-managers')
  await save(page, hub)
  const cardsNow = data(hub).blocks[index]!.cards as Record<string, unknown>[]
  expect(cardsNow.at(-1)).toMatchObject({ title: 'Fleet managers', icon: 'car', href: '/b2b/fleet-managers' })
  const diff = changed(before, disk(hub))
  expect(diff.removed).toEqual([])
  expect(diff.added.join('\n')).toContain('Fleet managers')
  await expect(page.getByRole('status').filter({ hasText: 'No problems.' })).toBeVisible()

  // The link in the header's first menu.
  const site = '_site.yaml'
  const siteBefore = disk(site)
  await openForm(page, site)
  const menu = page.getByRole('group', { name: 'Menu 1' })
  const links = menu.getByRole('group', { name: /^Links/ })
  await links.getByRole('button', { name: 'Add a link' }).click()
  const link = links.getByRole('listitem').last()
  await link.getByLabel('Label', { exact: true }).fill('Fleet managers')
  await link.getByLabel('Link to', { exact: true }).fill('/b2b/fleet-managers')
  // The preview's header shows the new link as it is written, over the page shown last.
  await expect(page.frameLocator('iframe.desktop').locator('header a[href="/b2b/fleet-managers"]').first()).toBeAttached()
  await save(page, site)
  const siteDiff = changed(siteBefore, disk(site))
  expect(siteDiff.removed).toEqual([])
  expect(siteDiff.added.map((l) => l.trim())).toEqual(['- label: Fleet managers', 'href: /b2b/fleet-managers'])
})

test('a picture replaced from the site\'s pictures, then a phone photo uploaded: its GPS position never reaches the site', async ({ page }) => {
  // The first block with a picture, on the first page that has one.
  const file = ['b2b-audience.yaml', 'about-us.yaml', 'index.yaml'].find((f) => data(f).blocks.some((b) => (b.image as { src?: string } | undefined)?.src))!
  const index = data(file).blocks.findIndex((b) => (b.image as { src?: string } | undefined)?.src)
  const before = disk(file)
  const oldSrc = (data(file).blocks[index]!.image as { src: string }).src
  await openForm(page, file)
  const picture = block(page, index).getByRole('group', { name: 'Image' })
  await picture.getByRole('button', { name: 'Replace this picture' }).click()
  const choices = picture.getByRole('group', { name: 'Pictures of the site' })
  // A picture is found by what a page says it shows, not only by its file name.
  const { src: describedSrc, alt } = describedPicture()
  const word = alt.split(/\W+/).find((w) => w.length >= 5)!
  await choices.getByRole('searchbox').fill(word.toUpperCase())
  const found = await choices.getByRole('listitem').getByRole('button').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('title')!.split('\n')[0]))
  expect(found).toContain(describedSrc)
  await choices.getByRole('searchbox').fill('')
  // By keyboard the pictures are one Tab stop, on the one shown now; the arrow keys move; Esc closes and goes back to the button.
  await choices.getByRole('searchbox').focus()
  await page.keyboard.press('Tab')
  await expect(choices.getByRole('button', { pressed: true })).toBeFocused()
  expect(await choices.getByRole('listitem').getByRole('button').evaluateAll((tiles) => tiles.filter((t) => t.getAttribute('tabindex') === '0').length)).toBe(1)
  await page.keyboard.press('Escape')
  await expect(choices).toBeHidden()
  await expect(picture.getByRole('button', { name: 'Replace this picture' })).toBeFocused()
  await page.keyboard.press('Enter')
  const other = choices.getByRole('listitem').getByRole('button', { pressed: false }).first()
  // The tile's tooltip starts with the file's path.
  const otherSrc = (await other.getAttribute('title'))!.split('\n')[0]
  await other.click()
  await save(page, file)
  const replaced = changed(before, disk(file))
  expect(replaced.removed).toEqual([expect.stringContaining(`src: ${oldSrc}`)])
  expect(replaced.added).toEqual([expect.stringContaining(`src: ${otherSrc}`)])

  // A phone photo: a JPEG carrying a GPS position in its Exif.
  const photo = withPhoneExif(new Uint8Array(await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7' } }).jpeg().toBuffer()), 1)
  expect(readJpegGps(photo)?.degrees).toEqual([...gpsLatitude.degrees])
  await picture.getByRole('button', { name: 'Replace this picture' }).click()
  const upload = picture.getByRole('group', { name: 'Upload a picture from your computer' })
  // Chosen as a file the browser is handed (no file left in the temporary folder).
  await upload.getByLabel(/Upload a picture from your computer/).setInputFiles({ name: 'phone-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo) })
  await upload.getByLabel('Name it in a few words').fill('Team at the depot')
  // The alt text is asked before the path goes in.
  await expect(upload.getByRole('button', { name: 'Add this picture' })).toBeDisabled()
  await upload.getByLabel('What it shows, for people who cannot see it').fill('Three people beside a delivery van')
  await upload.getByRole('button', { name: 'Add this picture' }).click()
  // The picture and what it shows went in as one change: one Undo takes both back, one Redo puts both in.
  const pictureSrc = () => picture.getByRole('textbox').first()
  // Its sizes and share copy are made first: seconds of image work on a loaded machine.
  await expect(pictureSrc()).toHaveValue('/media/img/team-at-the-depot.webp', { timeout: 20_000 })
  // Listed with the pages changed in this session, once: its copies go with it.
  await expect(page.getByRole('region', { name: 'Changed in this session' }).getByRole('listitem').filter({ hasText: 'team-at-the-depot' })).toHaveText(['The picture team-at-the-depot.webp'])
  const savedText = disk(file)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(pictureSrc()).toHaveValue(otherSrc!)
  await expect.poll(() => page.evaluate(() => window.studio.view!.state.doc.toString())).toBe(savedText)
  await page.getByRole('button', { name: 'Redo', exact: true }).click()
  await expect(pictureSrc()).toHaveValue('/media/img/team-at-the-depot.webp')
  await save(page, file)
  const image = data(file).blocks[index]!.image as { src: string; alt: string }
  expect(image).toMatchObject({ src: '/media/img/team-at-the-depot.webp', alt: 'Three people beside a delivery van' })
  const written = readdirSync(join(studio.root, 'public/media/img')).filter((name) => name.startsWith('team-at-the-depot'))
  expect(written.length).toBeGreaterThan(1)
  for (const name of written) {
    const bytes = readFileSync(join(studio.root, 'public/media/img', name))
    // The WebP sizes, and the JPEG link-preview copy (x-share.jpg).
    if (name.endsWith('.webp')) expect(webpChunks(bytes).filter((chunk) => /EXIF|XMP/.test(chunk)), name).toEqual([])
    else expect([name.endsWith('-share.jpg'), bytes.includes('Exif'), bytes.includes('http://ns.adobe.com/xap')], name).toEqual([true, false, false])
  }
  expect(existsSync(join(studio.root, 'public/media/img/team-at-the-depot.jpg'))).toBe(false)
})

test('a page whose text is broken is not shown as a form: it says where and what, as the YAML tab does, and opens the YAML tab at that line', async ({ page }) => {
  const file = 'privacy-policy.yaml'
  const text = disk(file)
  // A list item with a key the line before does not close: the YAML cannot be read.
  writeFileSync(join(studio.pagesDir, file), text.replace(/^title: (.*)$/m, 'title: [$1'))
  await page.goto(`${studio.url}#/pages/${file}`)
  const alert = page.getByRole('alert').filter({ hasText: 'The form cannot show this page' })
  // The check's sentence, as the problem list says it, not the YAML reader's own.
  await expect(alert).toContainText(/mended at line [12]: The "\[" that starts here is never closed/)
  await expect(page.getByRole('form')).toHaveCount(0)
  const button = alert.getByRole('button', { name: /Open the YAML tab at line/ })
  const line = Number(/line (\d+)/.exec((await button.textContent())!)![1])
  await button.click()
  await expect(page.getByRole('tab', { name: 'YAML' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => page.evaluate(() => window.studio.view!.state.doc.lineAt(window.studio.view!.state.selection.main.head).number)).toBe(line)
  writeFileSync(join(studio.pagesDir, file), text)
  await page.getByRole('tab', { name: 'Form' }).click()
})

test('a value outside the schema, typed in the YAML tab, shows at its field in the form', async ({ page }) => {
  const file = 'b2b-audience.yaml'
  const index = data(file).blocks.findIndex((b) => Array.isArray(b.cards) && (b.cards as { icon?: string }[]).some((c) => c.icon))
  const cardIndex = (data(file).blocks[index]!.cards as { icon?: string }[]).findIndex((c) => c.icon)
  const icon = (data(file).blocks[index]!.cards as { icon: string }[])[cardIndex]!.icon
  await openForm(page, file)
  await page.getByRole('tab', { name: 'YAML' }).click()
  const text = await page.evaluate(() => window.studio.view!.state.doc.toString())
  const at = text.indexOf(`icon: ${icon}`) + 'icon: '.length
  await page.evaluate(([a, b]) => window.studio.view!.dispatch({ selection: { anchor: a!, head: b! } }), [at, at + icon.length])
  await page.locator('.cm-content').focus()
  await page.keyboard.type('rocket')
  await expect(page.getByRole('status').filter({ hasText: /^1 problem/ })).toBeVisible()
  await page.getByRole('tab', { name: 'Form' }).click()
  const card = block(page, index).getByRole('group', { name: /^Cards/ }).getByRole('listitem').nth(cardIndex)
  await expect(card.getByRole('alert')).toContainText('rocket')
  // Kept, not dropped: the list shows it as the value it is.
  await expect(card.getByRole('radiogroup', { name: 'Icon', exact: true }).getByRole('radio', { name: 'rocket (not allowed)' })).toBeChecked()
  await page.getByRole('button', { name: 'Discard changes' }).click()
})

test("hovering a field in the YAML tab names it as the form does, its own name and not its shared type's", async ({ page }) => {
  // A field of the header and footer whose schema gives it its own title over a shared definition's (found from the schema, so its wording can change).
  type Node = { title?: string; $ref?: string; properties?: Record<string, Node> }
  const own = (node: Node, path: string[]): string[] | undefined => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (child.$ref && child.title) return [...path, name]
      const deeper = own(child, [...path, name])
      if (deeper) return deeper
    }
    return undefined
  }
  const path = own(JSON.parse(readFileSync(join('schema', 'site.schema.json'), 'utf8')) as Node, [])!
  expect(path, 'a field with its own title over a shared definition').toBeDefined()
  const label = formLabel('site.schema.json', ...path)
  await openForm(page, '_site.yaml')
  await expect(page.getByRole('form').getByText(label, { exact: true }).first()).toBeVisible()
  await page.getByRole('tab', { name: 'YAML' }).click()
  // The key's place in the text: the line "list:" under its parents' keys.
  const at = parseDocument(disk('_site.yaml')).getIn(path.slice(0, -1), true) as YAMLMap
  const key = at.items.find((pair) => (pair.key as Scalar).value === path.at(-1))!.key as Scalar
  const pos = key.range![0] + 1
  await page.evaluate((at) => window.studio.view!.dispatch({ selection: { anchor: at }, scrollIntoView: true }), pos)
  await expect.poll(() => page.evaluate((at) => window.studio.view!.coordsAtPos(at) !== null, pos)).toBe(true)
  const box = (await page.evaluate((at) => window.studio.view!.coordsAtPos(at), pos))!
  await page.mouse.move(box.left + 3, (box.top + box.bottom) / 2, { steps: 3 })
  const hover = page.locator('.field-hover')
  await expect(hover).toBeVisible()
  await expect(hover).toContainText(label)
  await expect(hover).not.toContainText('#/definitions')
  await page.getByRole('tab', { name: 'Form' }).click()
})

test("completion in the YAML tab offers a shared type's keys inside a field that refers to it", async ({ page }) => {
  // After the last item of the header's first list of links: a link, a shared definition the list's items refer to.
  const text = disk('_site.yaml')
  const links = (parseDocument(text).getIn(['header', 'menus', 0, 'links'], true) as YAMLSeq<YAMLMap>).items
  const last = links.at(-1)!
  const column = text.lastIndexOf('\n', last.range![0]) + 1
  const indent = last.range![0] - column
  const end = text.indexOf('\n', (last.items.at(-1)!.value as Scalar).range![0])
  await openForm(page, '_site.yaml')
  await page.getByRole('tab', { name: 'YAML' }).click()
  const typed = `\n${' '.repeat(indent - 2)}- label: X\n${' '.repeat(indent)}`
  await page.evaluate(([at, insert]) => window.studio.view!.dispatch({ changes: { from: Number(at), insert: String(insert) }, selection: { anchor: Number(at) + String(insert).length }, scrollIntoView: true }), [end, typed])
  await page.locator('.cm-content').focus()
  // A new link with its label, and the start of its second key: completion offers the link's other key.
  await page.keyboard.type('hr')
  const offered = page.locator('.cm-tooltip-autocomplete')
  await expect(offered).toBeVisible()
  await expect(offered.getByRole('option', { name: /^href/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Discard changes' }).click()
  await expect.poll(() => disk('_site.yaml')).toBe(text)
})

test('no word of JSON Schema reaches the form', async ({ page }) => {
  for (const file of ['index.yaml', '_site.yaml']) {
    await openForm(page, file)
    const words = await page.getByRole('form').innerText()
    for (const word of ['string', 'oneOf', '$ref', 'additionalProperties']) expect(words, `${file}: "${word}"`).not.toContain(word)
  }
})

test('a keyboard user goes to any block from the list at the top of the form, and on into its fields', async ({ page }) => {
  // The page with the most blocks, where tabbing through every field would take longest.
  const file = readdirSync(studio.pagesDir)
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
    .sort((a, b) => (data(b).blocks?.length ?? 0) - (data(a).blocks?.length ?? 0))[0]!
  const count = data(file).blocks.length
  await openForm(page, file)
  const outline = page.getByRole('navigation', { name: 'Go to a block' })
  await expect(outline.getByRole('button')).toHaveCount(count)
  // From the Form tab, a few presses of Tab (the page's own fields) reach the list.
  await page.getByRole('tab', { name: 'Form' }).focus()
  let presses = 0
  while (!(await outline.evaluate((nav) => nav.contains(document.activeElement))) && presses < 25) {
    await page.keyboard.press('Tab')
    presses++
  }
  expect(presses).toBeLessThan(25)
  for (let i = 1; i < count; i++) await page.keyboard.press('Tab')
  await expect(outline.getByRole('button').last()).toBeFocused()
  await page.keyboard.press('Enter')
  const last = block(page, count - 1)
  await expect(last.getByRole('heading', { level: 3 })).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await last.evaluate((card) => card.contains(document.activeElement))).toBe(true)
})

test('the preview follows the author: to the block they go to or add in the form, and to the top of another page', async ({ page }) => {
  // The page with the most blocks, among those the tests before left without problems (a page with one is not previewed): its last block is far below the top of the phone preview.
  const pages = readdirSync(studio.pagesDir)
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
    .sort((a, b) => (data(b).blocks?.length ?? 0) - (data(a).blocks?.length ?? 0))
  /** The first of `candidates` that opens with no problem: it is left open. */
  const openWithoutProblems = async (candidates: string[]) => {
    for (const candidate of candidates) {
      await openForm(page, candidate)
      const said = page.getByRole('status').filter({ hasText: /^(No problems|\d+ problems?)/ }).first()
      await expect(said).toBeVisible()
      if ((await said.textContent())!.startsWith('No problems')) return candidate
    }
    throw new Error('every page has a problem')
  }
  const file = await openWithoutProblems(pages)
  const count = data(file).blocks.length
  const phone = page.frameLocator('iframe.phone')
  const shownBlock = (index: number) => phone.locator(`[data-studio-block="${index}"] > *`).first()
  await expect(shownBlock(count - 1)).toBeAttached()
  await expect(shownBlock(count - 1)).not.toBeInViewport()
  await page.getByRole('navigation', { name: 'Go to a block' }).getByRole('button').last().click()
  await expect(shownBlock(count - 1)).toBeInViewport()
  // A block added after the last: the form goes to its card, and the preview to it once drawn.
  const kind = page.getByRole('combobox', { name: `Add a block after block ${count}: which kind` })
  await kind.selectOption({ index: 1 })
  await page.getByRole('group', { name: `Add a block after block ${count}` }).getByRole('button', { name: 'Add' }).click()
  await expect(block(page, count).getByRole('heading', { level: 3 })).toBeFocused()
  await expect(shownBlock(count)).toBeInViewport()
  await page.screenshot({ path: test.info().outputPath('preview-follows.png') })
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.locator('.file-name')).toHaveText(`${pageName(file)}`)
  // Another page opens at its top, not where this one was scrolled.
  const other = await openWithoutProblems(pages.filter((f) => f !== file).reverse())
  await expect(shownBlock(data(other).blocks.length)).toHaveCount(0)
  await expect.poll(() => phone.locator('html').evaluate(() => scrollY)).toBe(0)
})

test('the studio with a page open in the form has no WCAG A/AA violation, and fits 1280×720 and 1366×768 without scrolling sideways', async ({ page }) => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport)
    await openForm(page, 'b2b-audience.yaml')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(0)
  }
  expect(await wcagViolations(page)).toEqual([])
})
