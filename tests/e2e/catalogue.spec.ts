import { expect, test } from './tab'
import { wcagViolations } from './axe'
import { listBlockSchemas } from '../../src/compiler/schema/schema-files'
import { hydrated, watchConsole } from './console'
import { authorMedia, listMedia } from '../../src/compiler/index'
import { snippetFor } from '../../src/app/catalogue-media'

const types = listBlockSchemas(new URL('../../schema', import.meta.url).pathname)

test('the block catalogue shows every block type with its YAML and fields, and hydrates cleanly', async ({ tab: page }) => {
  const messages = watchConsole(page)
  const response = await page.goto('/blocks')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(/Block catalogue/)
  await hydrated(page)
  for (const type of types) {
    const section = page.locator(`#block-${type}`)
    await expect(page.locator(`#block-${type}-title`)).toHaveText(type)
    await expect(section.locator('pre').first()).toContainText(`- type: ${type}`)
    await expect(section.getByRole('table', { name: `Fields of the ${type} block` })).toBeVisible()
  }
  expect(messages).toEqual([])
})

test('the catalogue is out of the menus and the sitemap, and asks search engines not to index it', async ({ tab: page, request }) => {
  await page.goto('/')
  await expect(page.locator('a[href="/blocks"]')).toHaveCount(0)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('<loc>')
  expect(sitemap).not.toContain('/blocks<')
  const robots = /<meta name="robots" content="noindex" \/>/
  expect(await (await request.get('/blocks')).text()).toMatch(robots)
  expect(await (await request.get('/')).text()).not.toMatch(robots)
  expect(await (await request.get('/b2b/smes')).text()).not.toMatch(robots)
})

test('the field table lists the fields inside lists and groups, with allowed values', async ({ tab: page }) => {
  await page.goto('/blocks')
  await hydrated(page)
  const table = page.getByRole('table', { name: 'Fields of the audience-accordion block' })
  // A nested field's row header names its parents for screen readers: "cards › icon".
  const icon = table.getByRole('row', { name: /cards › icon/ })
  await expect(icon).toBeVisible()
  await expect(icon.getByRole('listitem')).toHaveCount(18)
  await expect(icon.getByRole('listitem').first()).toHaveText('people')
  await expect(icon).toContainText('A small symbol shown on the card.')
  await expect(table.getByRole('rowheader', { name: 'cards › image › alt required' })).toBeVisible()
  // Nothing pushes the page sideways, even at phone width (the projects run 375 and 1280 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width)
})

test('the catalogue has no WCAG 2.1 AA violations', async ({ tab: page }) => {
  // Axe walks every block's examples: on a busy 2-core machine that can pass 30 s.
  test.slow()
  await page.goto('/blocks')
  await hydrated(page)
  expect(await wcagViolations(page)).toEqual([])
})

test.describe('pictures and videos', () => {
  const media = authorMedia(listMedia(new URL('../../public', import.meta.url).pathname))
  const itemOf = (page: import('@playwright/test').Page, path: string) => page.locator('#media li').filter({ has: page.getByText(path, { exact: true }) })

  test('lists every file with its size and pixel size, by folder; Copy YAML puts the snippet on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const messages = watchConsole(page)
    await page.goto('/blocks#media')
    await hydrated(page)
    await expect(page.locator('#media li')).toHaveCount(media.length)
    const folders = [...new Set(media.map((m) => m.path.slice(0, m.path.lastIndexOf('/') + 1)))]
    await expect(page.locator('#media h3 code')).toHaveText(folders)
    for (const entry of media) {
      const item = itemOf(page, entry.path)
      await expect(item).toHaveCount(1)
      await expect(item).toContainText(`${entry.width} × ${entry.height} px`)
      await expect(item.locator('pre')).toHaveText(snippetFor(entry))
    }
    const picture = media.find((m) => m.kind === 'picture')!
    const video = media.find((m) => m.kind === 'video')!
    for (const entry of [picture, video]) {
      const item = itemOf(page, entry.path)
      await item.getByRole('button', { name: `Copy the YAML for ${entry.path}` }).click()
      await expect(item.getByRole('status')).toHaveText('Copied')
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippetFor(entry))
    }
    expect(snippetFor(picture)).toContain(`src: ${picture.path}\n  alt: `)
    expect(messages).toEqual([])
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('every snippet is there to select, and no button promises what cannot work', async ({ tab: page }) => {
      await page.goto('/blocks#media')
      await expect(page.locator('#media pre')).toHaveCount(media.length)
      await expect(page.locator('#media button')).toHaveCount(0)
      await expect(itemOf(page, media[0]!.path).locator('pre')).toHaveText(snippetFor(media[0]!))
    })
  })
})
