import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { hydrated, pages } from './site'

/**
 * A hero's still is the page's largest paint (components/backdrop.tsx). A
 * phone gets the still's portrait crop and the loop's crop, a desktop the
 * wide ones, each fetching only its own; and the loop's frames, painted
 * later, never take the largest paint from the still.
 */
const publicDir = join(import.meta.dirname, '..', '..', 'public')
const portraitOf = (src: string) => src.replace(/(\.[a-z0-9]+)$/i, '-portrait$1')
const withCrop = pages.flatMap(({ route, page }) => {
  const hero = page.blocks[0] as { image?: { src: string }; video?: { webm: string } }
  if (!hero.image || !existsSync(join(publicDir, portraitOf(hero.image.src)))) return []
  return [{ route, still: hero.image.src, video: hero.video?.webm }]
})
// One with a loop and one without, where the pages have them.
const sample = [withCrop.find((p) => p.video), withCrop.find((p) => !p.video)].filter((p) => p !== undefined)

test('the pages say which heroes have a phone crop', () => expect(sample.length).toBeGreaterThan(0))

for (const { route, still, video } of sample) {
  test(`${route}: the hero's still for this screen is the largest paint, and only it is fetched`, async ({ page, isMobile }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: { url: string; tag?: string }[] }
      w.lcp = []
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.lcp.push({ url: (e as unknown as { url: string }).url, tag: (e as unknown as { element?: Element }).element?.tagName }))).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    const fetched: string[] = []
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname))
    await page.goto(route)
    await hydrated(page)
    const [mine, other] = isMobile ? [portraitOf(still), still] : [still, portraitOf(still)]
    if (video) {
      // Let the loop play its first frames before reading the largest paint.
      await page.waitForFunction(() => (document.querySelector('main video') as HTMLVideoElement | null)?.currentTime! > 0.2)
      const playing = await page.locator('main video').evaluate((v) => new URL((v as HTMLVideoElement).currentSrc).pathname)
      expect(playing).toBe(isMobile ? portraitOf(video) : video)
    }
    const entries = await page.evaluate(() => (window as unknown as { lcp: { url: string; tag?: string }[] }).lcp)
    expect(entries.at(-1)).toEqual({ url: expect.stringMatching(new RegExp(`${mine.replace(/[.-]/g, '\\$&')}$`)), tag: 'IMG' })
    expect(fetched).toContain(mine)
    expect(fetched).not.toContain(other)
  })
}
