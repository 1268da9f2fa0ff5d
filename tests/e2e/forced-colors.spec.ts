import { expect, test } from '@playwright/test'
import { hydrated } from './console'
import { siteSettings } from './site'

/**
 * Forced colours (Windows high contrast), emulated (issue 52): the phone
 * menu's +/- state icons still show, the logo mark keeps its colours, and
 * the Menu/Close control has a boundary of its own.
 */
test.use({ viewport: { width: 375, height: 740 } })

test('under forced colours the logo, the menu control and the group icons stay visible', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' })
  await page.goto('/')
  await hydrated(page)
  // The logo mark: its gradient kept (forced colours would paint it out).
  const mark = page.locator('header [aria-hidden="true"]').first()
  expect(await mark.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient')
  expect(await mark.evaluate((el) => getComputedStyle(el).forcedColorAdjust)).toBe('none')
  // The Menu control: a border to show where it is.
  const toggle = page.locator('header summary:visible').first()
  const border = await toggle.evaluate((el) => ({ width: getComputedStyle(el).borderTopWidth, style: getComputedStyle(el).borderTopStyle }))
  expect(border).toEqual({ width: '2px', style: 'solid' })
  await toggle.click()
  // Each group's +/-: bars drawn as borders, which forced colours keep.
  const bars = await page.locator('header details details summary [aria-hidden="true"]').first().evaluate((el) => ['::before', '::after'].map((part) => {
    const style = getComputedStyle(el, part)
    return `${style.borderTopStyle} ${style.borderTopWidth}`
  }))
  expect(bars).toEqual(['solid 2px', 'solid 2px'])
  expect(await page.locator('header details details').count()).toBeGreaterThanOrEqual(siteSettings.header.menus.length)
})
