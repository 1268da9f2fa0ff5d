import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import { blockOn, hydrated } from './site'
import { faded, reveals, sectionPages } from './entry-animations'

/**
 * Motion that must never cost the content: the home page's method stack,
 * and the sections that animate in as they enter the viewport under reduced
 * motion and without JavaScript. How they animate in, with JavaScript and
 * motion, is checked by pipeline.spec.ts (entry-animations.ts).
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

test.describe('entry animations', () => {
  test('pages with sections that animate in are found in pages/', () => {
    expect(sectionPages.length).toBeGreaterThan(0)
  })

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
