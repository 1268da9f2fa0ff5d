import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import { accordionOf, heroOf, hubs } from './audience-pages'

/**
 * The audience section's behaviour: the hubs' accordions and the way back
 * from a detail page. What each hub and detail page shows is checked in
 * pipeline.spec.ts's test of every route (audience-pages.ts), on the load
 * that test already makes. The routes the spec fixes are held by
 * tests/unit/project/spec-routes.test.ts; the figures it quotes are a
 * review aid outside npm test (npm run spec-content).
 */
async function open(page: Page, route: string) {
  const response = await page.goto(route)
  expect(response?.status()).toBe(200)
  // Hydration is done once the router has taken over the links.
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
}

test('the hubs and their detail pages are found in pages/', () => {
  expect(hubs.length).toBeGreaterThanOrEqual(2)
  for (const hub of hubs) expect(hub.details.length, hub.route).toBeGreaterThanOrEqual(2)
})

test.describe('hub pages', () => {
  for (const hub of hubs) {
    test(`${hub.route} accordion: one card open at a time, Read More goes to the top of the card's page`, async ({ tab: page }) => {
      await open(page, hub.route)
      const cards = accordionOf(hub.route)!.cards
      const group = page.locator('main [role="radiogroup"]')
      const radios = group.getByRole('radio')
      // What a visitor clicks: each card's title.
      const triggers = group.locator('label')
      const isOpen = (i: number) => radios.nth(i).isChecked()
      // Each card's panel: its description and Read More.
      const regions = group.locator('> div > div')
      const visibleRegions = regions.filter({ visible: true })

      // The first card starts open, and it is the only one.
      await expect(visibleRegions).toHaveCount(1)
      expect(await isOpen(0)).toBe(true)
      await expect(regions.first()).toBeVisible()
      await expect(regions.first()).toContainText(cards[0]!.description)

      // Closed cards show the first word of their title in capitals, written vertically.
      for (let i = 1; i < cards.length; i++) {
        expect(await isOpen(i)).toBe(false)
        const firstWord = cards[i]!.title.split(/\s+/)[0]!
        const word = triggers.nth(i).locator('span[aria-hidden="true"]')
        await expect(word).toBeVisible()
        await expect(word).toHaveText(firstWord.toUpperCase(), { useInnerText: true })
        await expect(word).toHaveCSS('writing-mode', 'vertical-rl')
      }

      // Opening a closed card closes the open one.
      await triggers.nth(1).click()
      expect(await isOpen(1)).toBe(true)
      expect(await isOpen(0)).toBe(false)
      await expect(visibleRegions).toHaveCount(1)
      await expect(regions.nth(1)).toBeVisible()
      await expect(regions.first()).toBeHidden()
      // Clicking the open card again keeps it open.
      await triggers.nth(1).click()
      await expect(visibleRegions).toHaveCount(1)
      await expect(regions.nth(1)).toBeVisible()

      // Read More leaves the page scrolled down and arrives at the top of the card's page.
      await regions.nth(1).scrollIntoViewIfNeeded()
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
      await regions.nth(1).getByRole('link', { name: /Read More/ }).click()
      await expect(page).toHaveURL(new RegExp(`${cards[1]!.href}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(cards[1]!.href)!.title)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    })
  }
})

test.describe('detail pages', () => {
  test('the back link returns to the hub', async ({ tab: page }) => {
    const hub = hubs.at(-1)!
    const route = hub.details.at(-1)!
    await open(page, route)
    await page.getByRole('link', { name: heroOf(route)!.backLink!.label, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${hub.route}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroOf(hub.route)!.title)
  })
})
