import { expect, test } from '@playwright/test'
import { hydrated } from './console'
import { pages, siteSettings } from './site'
import { wcagViolations } from './axe'

/**
 * The not-found page a visitor can use (issue 52): the router's own words
 * the spec gives, inside the site's header and footer, a sentence that says
 * what happened, the header's menus as the way on, a real description, and
 * the 404 status. A page asked for by its file goes to its clean address.
 */
const missing = '/no-such-page-here'

for (const script of ['with JavaScript', 'without JavaScript'] as const) {
  test.describe(script, () => {
    test.use({ javaScriptEnabled: script === 'with JavaScript' })

    test('an unknown address shows the error inside the site, says what happened and offers every menu link', async ({ page }) => {
      const response = await page.goto(missing)
      expect(response?.status()).toBe(404)
      if (script === 'with JavaScript') await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!')
      await expect(page.getByText('404 Not Found')).toBeVisible()
      await expect(page.getByText('There is no page at this address.')).toBeVisible()
      await expect(page.locator('header').first()).toBeVisible()
      await expect(page.locator('footer')).toBeVisible()
      const ways = page.getByRole('navigation', { name: 'Where to go from here' })
      for (const menu of siteSettings.header.menus) {
        await expect(ways.getByRole('heading', { name: menu.label })).toBeVisible()
        for (const link of menu.links) await expect(ways.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href)
      }
      expect(await page.title()).toBe(`Page not found | ${siteSettings.brand}`)
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^There is no page at this address/)
      if (script === 'with JavaScript') expect(await wcagViolations(page)).toEqual([])
    })
  })
}

test('a page asked for by its file goes to its clean address, never a page that turns into an error', async ({ page, request }) => {
  const detail = pages.find((p) => p.route.split('/').length > 2)!.route
  for (const [asked, clean] of [['/index.html', '/'], [`${detail}/index.html`, detail]] as const) {
    const answer = await request.get(asked, { maxRedirects: 0 })
    expect(answer.status(), asked).toBe(301)
    expect(new URL(answer.headers().location!).pathname).toBe(clean)
  }
  await page.goto(`${detail}/index.html`)
  await hydrated(page)
  expect(new URL(page.url()).pathname).toBe(detail)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Unexpected Application Error!')
})
