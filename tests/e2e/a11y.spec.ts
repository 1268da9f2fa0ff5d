import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { hydrated } from './console'
import { routes } from './site'

/** WCAG 2.1 A and AA rules, on every route, at both widths (projects). */
test.describe('accessibility', () => {
  for (const { route } of [...routes, { route: '/no-such-page' }]) {
    test(`${route} has no WCAG 2.1 AA violations`, async ({ page }) => {
      await page.goto(route)
      await hydrated(page)
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`)
      expect(summary).toEqual([])
    })
  }
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
