import type { Page } from '@playwright/test'
import { expect } from './tab'

/**
 * Layout that depends on a page's words, at phone widths and a laptop's:
 * the page is no wider than the screen, its headline keeps punctuation with
 * its word, and its highlighted phrase never breaks after a hyphen.
 * pipeline.spec.ts runs it last in its test of each route, on the load it
 * already makes: each width is the same page resized, as a phone turned on
 * its side or a window widened. layout.spec.ts's fixture pages use the
 * overflow measure too.
 */

/** The phone widths every page must fit. */
export const phones = [320, 375]

/** How far the page is wider than the screen (0 when it is not). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * The lines of the page's headline that start with a comma, stop or other
 * mark that belongs to the word before it: a word too long for its line
 * breaks anywhere (overflow-wrap), so a title a little too large at a
 * phone width would push "Methodologies," apart.
 */
const linesStartingWithPunctuation = (page: Page) =>
  page.locator('h1').evaluate((h1) => {
    const found: string[] = []
    let lastTop: number | undefined
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        if (!node.data[i]!.trim()) continue
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const top = range.getBoundingClientRect().top
        if (lastTop !== undefined && top > lastTop + 2 && /[,.;:!?)]/.test(node.data[i]!)) found.push(`${h1.textContent} (line starting "${node.data.slice(i, i + 12)}")`)
        lastTop = top
      }
    }
    return found
  })

/**
 * The hyphens of the headline's highlighted phrase that end a line: the
 * phrase keeps each hyphen with the next letter in a no-break span, so
 * "fast-moving" never splits after "fast-".
 */
const hyphenBreaks = (page: Page) =>
  page.locator('h1 span').evaluateAll((spans) => [
    ...spans.flatMap((span) => {
      const text = span.firstChild
      if (!(text instanceof Text)) return []
      return [...text.data.matchAll(/-./g)].flatMap((m) => {
        const range = document.createRange()
        range.setStart(text, m.index!)
        range.setEnd(text, m.index! + 2)
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        return tops.size > 1 ? [m[0]] : []
      })
    }),
    ...[...document.querySelectorAll('h1 .no-break')].filter((keep) => keep.getClientRects().length !== 1).map((keep) => keep.textContent),
  ])

/** What the check's step is called. */
export const widthsSay = 'it is no wider than 320 or 375 px, its headline keeps punctuation with its word, and its highlight never breaks after a hyphen'

/** The open page at each phone width, then at 1280 px, where it is left. */
export async function expectFitsWidths(page: Page, route: string): Promise<void> {
  for (const width of [...phones, 1280]) {
    await page.setViewportSize({ width, height: 740 })
    if (width < 1280) expect(await overflow(page), `${route} at ${width} px`).toBe(0)
    expect(await linesStartingWithPunctuation(page), `${route} at ${width} px`).toEqual([])
    expect(await hyphenBreaks(page), `${route} at ${width} px`).toEqual([])
  }
}
