import { expect, test } from '@playwright/test'
import { hydrated } from './console'
import { pages, siteSettings } from './site'

/**
 * On paper (issue 52): the content alone, in ink, every section shown, and
 * a link's address after its words. One page of each kind: the home page,
 * a hub and a detail page.
 */
const hub = pages.find((p) => p.page.blocks.some((b) => b.type === 'audience-accordion'))!.route
const detail = pages.find((p) => p.route.split('/').length > 2)!.route

for (const route of ['/', hub, detail]) {
  test(`${route} prints its content only: no menus, videos, pills or footer columns; links say where they go`, async ({ page }) => {
    await page.goto(route)
    await hydrated(page)
    await page.emulateMedia({ media: 'print' })
    const header = page.locator('header').first()
    for (const hidden of [header.locator('nav'), header.locator('button'), header.locator('summary'), page.locator('video'), page.locator('button[aria-pressed]'), page.locator('footer nav'), page.locator('footer form')]) {
      for (const one of await hidden.all()) await expect(one).toBeHidden()
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('footer').getByText(`© ${siteSettings.brand}`)).toBeVisible()
    // Every section stands as on the screen after its entrance, without a scroll.
    const waiting = await page.locator('[data-reveal]').evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity !== '1').length)
    expect(waiting).toBe(0)
    // Ink on paper, and a link's address after it.
    expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)')
    const link = page.locator('main a[href^="/"]').first()
    if (await link.count()) {
      const href = await link.getAttribute('href')
      expect(await link.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(`" (${href})"`)
    }
  })
}
