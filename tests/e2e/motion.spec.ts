import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './tab'
import { loadSite, projectPaths } from '../../src/compiler/index'
import { blockOn, hydrated } from './site'

/**
 * Motion that must never cost the content: the home page's method stack
 * and the sections that animate in as they enter the viewport.
 */

const methodsHeading = blockOn<{ heading: string }>('/', 'method-stack').heading
const methods = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: methodsHeading, exact: true }) })

/** Scrolls so the method stack's frame has travelled `share` of its sticky run. */
async function scrollStack(page: Page, share: number) {
  await methods(page)
    .locator('ol')
    .evaluate((frame, share) => {
      const track = frame.parentElement!
      const stickAt = parseFloat(getComputedStyle(frame).top)
      const top = track.getBoundingClientRect().top + window.scrollY
      window.scrollTo(0, top - stickAt + share * (track.offsetHeight - (frame as HTMLElement).offsetHeight))
    }, share)
}

test.describe('method stack', () => {
  test('a card is opaque all through its flip, so the next one never shows through it', async ({ tab: page }) => {
    await page.goto('/')
    await hydrated(page)
    const cards = methods(page).locator('li')
    const count = await cards.count()
    const seen = new Set<number>()
    // Shares of the run that fall inside each card's flip.
    for (let share = 0.02; share < 1; share += 0.04) {
      await scrollStack(page, share)
      await page.evaluate(() => new Promise(requestAnimationFrame))
      const states = await cards.evaluateAll((els) => {
        const frameTop = els[0]!.parentElement!.getBoundingClientRect().top
        return els.map((el) => ({
          opacity: Number(getComputedStyle(el).opacity),
          moved: !['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(el).transform),
          gone: el.getBoundingClientRect().bottom <= frameTop,
        }))
      })
      states.forEach((s, i) => {
        if (!s.moved) return
        seen.add(i)
        // Over the card below it is fully opaque; it fades only once gone.
        expect(s.opacity === 1 || s.gone, `card ${i + 1} at ${share.toFixed(2)}: opacity ${s.opacity}`).toBe(true)
      })
      // What is drawn over the middle of the frame belongs to one card only.
      const hit = await methods(page)
        .locator('ol')
        .evaluate((frame) => {
          const r = frame.getBoundingClientRect()
          const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * 0.25)
          return el?.closest('li') ? [...frame.children].indexOf(el.closest('li')!) : -1
        })
      expect(hit, `the frame shows a card at ${share.toFixed(2)}`).toBeGreaterThanOrEqual(0)
    }
    expect(seen.size, 'every card but the last flipped').toBe(count - 1)
  })

  test('no empty screen after the stack: the frame lets go where its track ends', async ({ tab: page }) => {
    await page.goto('/')
    await hydrated(page)
    await scrollStack(page, 1)
    await page.evaluate(() => new Promise(requestAnimationFrame))
    const gap = await methods(page)
      .locator('ol')
      .evaluate((frame) => frame.parentElement!.getBoundingClientRect().bottom - frame.getBoundingClientRect().bottom)
    expect(Math.abs(gap)).toBeLessThan(1)
    // The last card is then in full view, and the next thing is the button.
    const last = methods(page).locator('li').last()
    await expect(last).toBeInViewport({ ratio: 1 })
    await expect(methods(page).getByRole('link', { name: /.+/ }).last()).toBeInViewport()
  })

  for (const mode of ['without JavaScript', 'under reduced motion'] as const) {
    test.describe(mode, () => {
      test.use(mode === 'without JavaScript' ? { javaScriptEnabled: false } : { reducedMotion: 'reduce' })
      test('every card is in the page, one after another', async ({ tab: page }) => {
        await page.goto('/')
        const boxes = await methods(page)
          .locator('li')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })))
        expect(boxes.length).toBeGreaterThan(1)
        for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom)
      })
    })
  }
})

/**
 * Pages whose sections animate in (media-text and table blocks), with the
 * headings of those sections. The animation belongs to the blocks, not to the
 * words, so one page of each arrangement of blocks is loaded: the hubs share
 * one, most detail pages another. Read from pages/, so a new page with a new
 * arrangement is covered as soon as it is written.
 */
const animated = new Set(['media-text', 'table'])
const arrangements = new Map<string, { route: string; headings: string[] }>()
for (const { route, page } of loadSite(projectPaths(join(import.meta.dirname, '..', '..'))).pages) {
  if (!page.blocks.some((b) => animated.has(b.type))) continue
  const arrangement = page.blocks.map((b) => b.type).join(' ')
  if (arrangements.has(arrangement)) continue
  arrangements.set(arrangement, {
    route,
    headings: page.blocks.flatMap((b) => (b.type === 'intro' ? [b.title] : b.type === 'media-text' || b.type === 'table' ? [b.heading] : [])),
  })
}
const sectionPages = [...arrangements.values()]

/** Text in the sections that animate in whose own or inherited opacity is below 1. */
function faded(page: Page, headings: string[]) {
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

const reveals = (page: Page): Locator => page.locator('main [data-reveal]')

test.describe('entry animations', () => {
  test('pages with sections that animate in are found in pages/', () => {
    expect(sectionPages.length).toBeGreaterThan(0)
  })

  for (const { route, headings } of sectionPages) {
    test(`${route}: sections below the fold wait hidden, then animate in on entering the viewport`, async ({ tab: page }) => {
      await page.goto(route)
      await hydrated(page)
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
    })
  }

  for (const mode of ['under reduced motion', 'without JavaScript'] as const) {
    test.describe(mode, () => {
      test.use(mode === 'without JavaScript' ? { javaScriptEnabled: false } : { reducedMotion: 'reduce' })
      test('every section is visible where it stands, without scrolling', async ({ tab: page }) => {
        for (const { route, headings } of sectionPages.slice(0, 4)) {
          await page.goto(route)
          if (mode === 'under reduced motion') await hydrated(page)
          expect(await reveals(page).evaluateAll((els) => els.filter((el) => el.getAttribute('data-reveal') === 'waiting').length), route).toBe(0)
          expect(await faded(page, headings), route).toEqual([])
        }
      })
    })
  }
})
