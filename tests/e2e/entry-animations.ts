import type { Locator, Page } from '@playwright/test'
import { expect } from './tab'
import { pages } from './site'

/**
 * Pages whose sections animate in (media-text and table blocks), with the
 * headings of those sections. The animation belongs to the blocks, not to the
 * words, so one page of each arrangement of blocks is loaded: the hubs share
 * one, most detail pages another. Read from pages/, so a new page with a new
 * arrangement is covered as soon as it is written. pipeline.spec.ts checks
 * them in its test of each of these routes, on the load it already makes
 * (expectEntryAnimations); motion.spec.ts checks them under reduced motion
 * and without JavaScript.
 */
const animated = new Set(['media-text', 'table'])
const arrangements = new Map<string, { route: string; headings: string[] }>()
for (const { route, page } of pages) {
  if (!page.blocks.some((b) => animated.has(b.type))) continue
  const arrangement = page.blocks.map((b) => b.type).join(' ')
  if (arrangements.has(arrangement)) continue
  arrangements.set(arrangement, {
    route,
    headings: page.blocks.flatMap((b) => (b.type === 'intro' ? [b.title] : b.type === 'media-text' || b.type === 'table' ? [b.heading] : [])),
  })
}
export const sectionPages = [...arrangements.values()]

/** Text in the sections that animate in whose own or inherited opacity is below 1. */
export function faded(page: Page, headings: string[]) {
  return page.locator('main section').evaluateAll(
    (sections, headings) =>
      sections
        .filter((s) => headings.includes(s.querySelector('h2')?.textContent ?? ''))
        .flatMap((s) => [...s.querySelectorAll('h2, p, li, th, td')])
        .filter((el) => {
          let opacity = 1
          for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity)
          return opacity < 1
        })
        .map((el) => el.textContent),
    headings,
  )
}

export const reveals = (page: Page): Locator => page.locator('main [data-reveal]')

/** What the check's step is called. */
export const entryAnimationsSay = 'its sections below the fold wait hidden, then animate in on entering the viewport'

/**
 * On the page as it opened, at the top and not yet scrolled: the last
 * animated section waits hidden and nothing on screen does; scrolled to, it
 * animates in, and scrolled through, every animated section ends fully
 * visible. Scrolls back to the top for the checks after it.
 */
export async function expectEntryAnimations(page: Page, headings: string[]): Promise<void> {
  const last = reveals(page).last()
  await expect(last).toHaveAttribute('data-reveal', 'waiting')
  const state = () => last.evaluate((el) => ({ reveal: el.getAttribute('data-reveal'), opacity: getComputedStyle(el).opacity, moved: getComputedStyle(el).transform !== 'none', scrollY: window.scrollY }))
  await expect.poll(state).toEqual({ reveal: 'waiting', opacity: '0', moved: true, scrollY: 0 })
  // Nothing on screen at load is hidden.
  const hiddenOnScreen = await reveals(page).evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().top < window.innerHeight && el.getAttribute('data-reveal') === 'waiting').length)
  expect(hiddenOnScreen).toBe(0)
  await last.scrollIntoViewIfNeeded()
  await expect(last).toHaveAttribute('data-reveal', 'shown')
  await expect.poll(() => last.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
  // Scrolled through, every animated section ends fully visible.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 300) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 50))
    }
  })
  await expect.poll(() => faded(page, headings)).toEqual([])
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}
