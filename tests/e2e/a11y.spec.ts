import { expect, test } from '@playwright/test'
import { wcagViolations } from './axe'
import { hydrated } from './console'

// WCAG 2.1 A and AA rules on every route at both widths: pipeline.spec.ts
// checks them on each page it has loaded and hydrated, so no route is loaded twice.
test('the not-found page has no WCAG 2.1 AA violations', async ({ page }) => {
  await page.goto('/no-such-page')
  await hydrated(page)
  expect(await wcagViolations(page)).toEqual([])
})

test('landmarks: banner, navigation, main and contentinfo on every kind of page', async ({ page }) => {
  for (const route of ['/', '/b2b-audience', '/b2b/smes', '/about-us']) {
    await page.goto(route)
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    expect(await page.getByRole('navigation').count()).toBeGreaterThan(0)
  }
})

test('keyboard: the skip link comes first and focus is visible', async ({ page }) => {
  await page.goto('/b2b/smes')
  await hydrated(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  expect(await skip.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0)
  await page.keyboard.press('Tab')
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
  expect(outline).not.toBe('none')
})

test('videos are silent and can be paused', async ({ page }) => {
  await page.goto('/b2b-audience')
  await hydrated(page)
  const video = page.locator('video').first()
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true)
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 10_000 }).toBe(true)
  const pause = page.getByRole('button', { name: 'Pause background video' })
  await pause.click()
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  const play = page.getByRole('button', { name: 'Play background video' })
  await expect(play).toHaveAttribute('aria-pressed', 'true')
  await play.click()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
})

test('keyboard: the hub accordion follows the WAI-ARIA accordion pattern', async ({ page }) => {
  await page.goto('/b2b-audience')
  await hydrated(page)
  const headers = page.locator('section h3 > button[aria-controls]')
  const count = await headers.count()
  expect(count).toBeGreaterThan(2)
  await headers.first().focus()
  await expect(headers.first()).toHaveAttribute('aria-expanded', 'true')
  await expect(headers.first()).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(headers.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(headers.nth(1)).toHaveAttribute('aria-expanded', 'true')
  await expect(headers.first()).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator(`#${await headers.nth(1).getAttribute('aria-controls')}`)).toBeVisible()
  await page.keyboard.press('End')
  await expect(headers.nth(count - 1)).toBeFocused()
  await page.keyboard.press('Home')
  await expect(headers.first()).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(headers.nth(count - 1)).toBeFocused()
  await page.keyboard.press(' ')
  await expect(headers.nth(count - 1)).toHaveAttribute('aria-expanded', 'true')
})

test('keyboard: the phone menu opens, expands a group and closes with Escape', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone header')
  await page.goto('/')
  await hydrated(page)
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Tab')
  const audience = page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Audience' })
  await expect(audience).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(audience).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'B2B' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  // Closed, the panel's links are out of the tab order.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[inert]')))).toBe(false)
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY')
})
