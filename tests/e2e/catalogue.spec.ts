import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { listBlockSchemas } from '../../src/build/schema-set'
import { hydrated, watchConsole } from './console'

const types = listBlockSchemas(new URL('../../schema', import.meta.url).pathname)

test('the block catalogue shows every block type with its YAML and fields, and hydrates cleanly', async ({ page }) => {
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

test('the catalogue is out of the menus and the sitemap', async ({ page, request }) => {
  await page.goto('/')
  await expect(page.locator('a[href="/blocks"]')).toHaveCount(0)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('<loc>')
  expect(sitemap).not.toContain('/blocks<')
})

test('the catalogue has no WCAG 2.1 AA violations', async ({ page }) => {
  await page.goto('/blocks')
  await hydrated(page)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([])
})
