import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { routes } from './site'

/**
 * A hero's headline over its still (reduced motion, and the first seconds
 * on a slow link, show the still and not the video): every word's
 * background, sampled pixel by pixel with the text hidden, is dark enough
 * that the word's own colour (white, or the accent of its highlighted
 * words) reads at 4.5:1 or more. Each kind of hero is tried over a white
 * picture, so any picture an author picks holds; the home page over its
 * own still too. The pages say which heroes have a picture behind them.
 */

const withBackdrop = routes.filter(({ page }) => {
  const hero = page.blocks[0] as { type: string; image?: unknown; video?: unknown }
  return (hero.type === 'hero' || hero.type === 'landing-hero') && (hero.image || hero.video)
})
/** The first page of each kind of hero. */
const oneOfEachKind = [...new Map(withBackdrop.map((r) => [r.page.blocks[0]!.type, r.route])).values()]

/** WCAG's relative luminance of an sRGB colour given as 0-255 channels. */
function luminance([r, g, b]: number[]): number {
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!)
}
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

/** Each word of the h1 with its box and its text colour, read before the text is hidden. */
async function headlineWords(page: Page) {
  return page.locator('h1').evaluate((h1) => {
    const words: { word: string; color: number[]; box: { x: number; y: number; width: number; height: number } }[] = []
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const color = getComputedStyle(node.parentElement!).color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number)
      for (const match of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(node, match.index!)
        range.setEnd(node, match.index! + match[0].length)
        const r = range.getBoundingClientRect()
        words.push({ word: match[0], color, box: { x: r.x, y: r.y, width: r.width, height: r.height } })
      }
    }
    return words
  })
}

/** Every word of the headline reads at 4.5:1 over what is behind it on the screen now. */
async function expectHeadlineReads(page: Page, viewport: { width: number; height: number }) {
  await page.locator('h1').waitFor()
  await page.waitForFunction(() => [...document.querySelectorAll('[data-backdrop] img')].every((img) => (img as HTMLImageElement).complete))
  const words = await headlineWords(page)
  expect(words.length).toBeGreaterThan(0)
  await page.addStyleTag({ content: 'h1, h1 * { color: transparent !important; text-shadow: none !important }' })
  // One picture of the headline's box, with the text hidden; each word's part of it sampled.
  const area = (await page.locator('h1').boundingBox())!
  const clip = { x: Math.max(0, area.x), y: Math.max(0, area.y), width: Math.min(area.width, viewport.width - Math.max(0, area.x)), height: area.height }
  const { data, info } = await sharp(await page.screenshot({ clip, scale: 'css' })).raw().toBuffer({ resolveWithObject: true })
  for (const { word, color, box } of words) {
    const [left, top] = [Math.max(0, Math.floor(box.x - clip.x)), Math.max(0, Math.floor(box.y - clip.y))]
    const [right, bottom] = [Math.min(info.width, Math.ceil(box.x - clip.x + box.width)), Math.min(info.height, Math.ceil(box.y - clip.y + box.height))]
    expect(right > left && bottom > top, `"${word}" has a box`).toBe(true)
    // The lightest pixel behind the word: the word must read over all of it.
    let lightest = 0
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const i = (y * info.width + x) * info.channels
        lightest = Math.max(lightest, luminance([data[i]!, data[i + 1]!, data[i + 2]!]))
      }
    }
    expect(contrast(luminance(color), lightest), `"${word}" (rgb ${color.join(' ')})`).toBeGreaterThanOrEqual(4.5)
  }
}

for (const size of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 2560, height: 1440 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size, reducedMotion: 'reduce' })
    for (const route of oneOfEachKind) {
      test(`${route}'s kind of hero: the headline reads at 4.5:1 over a white picture`, async ({ page }) => {
        const white = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#ffffff' } }).png().toBuffer()
        await page.route(/\/media\/.*\.(webp|png|jpe?g)$/, (r) => r.fulfill({ body: white, contentType: 'image/png' }))
        await page.goto(route)
        await expectHeadlineReads(page, size)
      })
    }
    test("the home page: the headline reads at 4.5:1 over the hero's own still", async ({ page }) => {
      await page.goto('/')
      await expectHeadlineReads(page, size)
    })
  })
}
