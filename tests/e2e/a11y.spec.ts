import { expect, test } from './tab'
import { wcagViolations } from './axe'
import { hydrated } from './console'
import { blockOn } from './site'

// WCAG 2.1 A and AA rules and the landmarks on every route at both widths:
// pipeline.spec.ts checks them on each page it has loaded and hydrated, so
// no route is loaded twice.
test('the not-found page has no WCAG 2.1 AA violations', async ({ tab: page }) => {
  await page.goto('/no-such-page')
  await hydrated(page)
  expect(await wcagViolations(page)).toEqual([])
})

test('keyboard: the skip link comes first and focus is visible', async ({ tab: page }) => {
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

test('videos are silent and can be paused', async ({ tab: page }) => {
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

test('keyboard: the hub accordion is one radio group: arrows open the next card, Home and End the first and last, and Tab goes on to the open card', async ({ tab: page }) => {
  await page.goto('/b2b-audience')
  await hydrated(page)
  const cards = page.locator('main [role="radiogroup"] > div')
  const headers = page.locator('main [role="radiogroup"]').getByRole('radio')
  const isOpen = (i: number) => headers.nth(i).isChecked()
  const count = await headers.count()
  expect(count).toBeGreaterThan(2)
  await headers.first().focus()
  expect(await isOpen(0)).toBe(true)
  // The open card stays open: one card is always shown.
  for (const key of ['Enter', ' ']) {
    await page.keyboard.press(key)
    expect(await isOpen(0)).toBe(true)
  }
  await page.keyboard.press('ArrowDown')
  await expect(headers.nth(1)).toBeFocused()
  expect(await isOpen(1)).toBe(true)
  expect(await isOpen(0)).toBe(false)
  await expect(cards.nth(1).getByRole('link', { name: /Read More/ })).toBeVisible()
  await page.keyboard.press('End')
  await expect(headers.nth(count - 1)).toBeFocused()
  expect(await isOpen(count - 1)).toBe(true)
  await page.keyboard.press('Home')
  await expect(headers.first()).toBeFocused()
  expect(await isOpen(0)).toBe(true)
  await page.keyboard.press('ArrowUp')
  await expect(headers.nth(count - 1)).toBeFocused()
  expect(await isOpen(count - 1)).toBe(true)
  // The group is one stop: the next Tab reaches the open card's Read More, with a visible ring on the way.
  await page.keyboard.press('Tab')
  await expect(cards.nth(count - 1).getByRole('link', { name: /Read More/ })).toBeFocused()
})

test('keyboard: the phone menu opens, expands a group and closes with Escape', async ({ tab: page, isMobile }) => {
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

/** Whether the focused element is seen where it is: what lies at its centre is it (or inside it), not a card on top. */
const focusUnobscured = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    const box = el.getBoundingClientRect()
    const x = box.left + box.width / 2
    const y = box.top + box.height / 2
    if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return `${el.textContent} is off screen`
    const top = document.elementFromPoint(x, y)
    return top && (el.contains(top) || top.contains(el)) ? 'seen' : `${el.textContent?.trim()} is under ${top?.outerHTML.slice(0, 80)}`
  })

for (const type of ['method-stack', 'audience-stack'] as const) {
  test(`keyboard: focus is never hidden under the ${type}: each card's link is brought to the front as Tab reaches it`, async ({ tab: page }) => {
    await page.goto('/')
    await hydrated(page)
    const stack = blockOn<{ cards: { href: string }[] }>('/', type)
    const hrefs = stack.cards.map((card) => card.href)
    const links = page.locator('main ol').filter({ has: page.locator(`a[href="${hrefs[0]}"]`) }).locator('a')
    await expect(links).toHaveCount(hrefs.length)
    await links.first().focus()
    for (let i = 0; i < hrefs.length; i++) {
      if (i) await page.keyboard.press('Tab')
      await expect(links.nth(i)).toBeFocused()
      await expect.poll(() => focusUnobscured(page), `card ${i + 1}'s link`).toBe('seen')
    }
  })
}

test('keyboard: leaving the open phone menu with Tab closes it, so focus is never behind the panel', async ({ tab: page, isMobile }) => {
  test.skip(!isMobile, 'phone header')
  await page.goto('/')
  await hydrated(page)
  const panel = page.locator('header details:has(nav[aria-label="Menu"])')
  await panel.locator('> summary').focus()
  await page.keyboard.press('Enter')
  // Tab through every control of the menu and one beyond it.
  for (let i = 0; i < 50 && (await page.evaluate(() => Boolean(document.activeElement?.closest('header details')))); i++) await page.keyboard.press('Tab')
  expect(await panel.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false)
  await expect.poll(() => focusUnobscured(page)).toBe('seen')
})
