import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import { hydrated } from './console'

/**
 * The faq block, as the catalogue shows its two examples: the first lets
 * many answers open at once, the second ("open: one") one at a time.
 */
const many = (page: Page) => page.locator('#block-faq [data-example]').nth(0).locator('details')
const one = (page: Page) => page.locator('#block-faq [data-example]').nth(1).locator('details')

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('each question opens its answer from the prerendered HTML, and "open: one" keeps one open', async ({ tab: page }) => {
    await page.goto('/blocks')
    const first = many(page)
    await expect(first).toHaveCount(3)
    await first.nth(0).locator('summary').click()
    await first.nth(1).locator('summary').click()
    await expect(first.nth(0)).toHaveAttribute('open', '')
    await expect(first.nth(1)).toHaveAttribute('open', '')
    await expect(first.nth(0).getByText('Usually within a week')).toBeVisible()
    const single = one(page)
    await single.nth(0).locator('summary').click()
    await single.nth(1).locator('summary').click()
    await expect(single.nth(0)).not.toHaveAttribute('open', '')
    await expect(single.nth(1)).toHaveAttribute('open', '')
  })
})

test('questions open and close by keyboard after hydration', async ({ tab: page }) => {
  await page.goto('/blocks')
  await hydrated(page)
  const question = many(page).nth(2).locator('summary')
  await question.focus()
  await page.keyboard.press('Enter')
  await expect(many(page).nth(2)).toHaveAttribute('open', '')
  await page.keyboard.press('Space')
  await expect(many(page).nth(2)).not.toHaveAttribute('open', '')
})
