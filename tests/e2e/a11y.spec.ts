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

test('keyboard: the hub accordion opens a card with Enter or Space, and arrow keys, Home and End move between its headers', async ({ page }) => {
  await page.goto('/b2b-audience')
  await hydrated(page)
  const cards = page.locator('main details[name]')
  const headers = cards.locator('> summary')
  const isOpen = (i: number) => cards.nth(i).evaluate((el: HTMLDetailsElement) => el.open)
  const count = await headers.count()
  expect(count).toBeGreaterThan(2)
  await headers.first().focus()
  expect(await isOpen(0)).toBe(true)
  // The open card stays open: one card is always shown.
  await page.keyboard.press('Enter')
  expect(await isOpen(0)).toBe(true)
  await page.keyboard.press('ArrowDown')
  await expect(headers.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  expect(await isOpen(1)).toBe(true)
  expect(await isOpen(0)).toBe(false)
  await expect(cards.nth(1).getByRole('link', { name: /Read More/ })).toBeVisible()
  await page.keyboard.press('End')
  await expect(headers.nth(count - 1)).toBeFocused()
  await page.keyboard.press('Home')
  await expect(headers.first()).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(headers.nth(count - 1)).toBeFocused()
  await page.keyboard.press(' ')
  expect(await isOpen(count - 1)).toBe(true)
})

test('keyboard: the phone menu opens, expands a group and closes with Escape', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone header')
  await page.goto('/')
  await hydrated(page)
  const panel = page.locator('header details:has(nav[aria-label="Menu"])')
  const toggle = panel.locator('> summary')
  await toggle.focus()
  await expect(toggle).toHaveAccessibleName('Open menu')
  // Tab straight after Enter, as a quick keyboard user does: the opening
  // panel's links must already be in the tab order.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(toggle).toHaveAccessibleName('Close menu')
  const audience = page.getByRole('navigation', { name: 'Menu' }).locator('summary', { hasText: 'Audience' })
  await expect(audience).toBeFocused()
  await page.keyboard.press('Enter')
  expect(await audience.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).toBe(true)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'B2B' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAccessibleName('Open menu')
  // Closed, the panel's links are out of the tab order.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('nav[aria-label="Menu"]')))).toBe(false)
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY')
})
