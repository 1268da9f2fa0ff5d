import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import type { ZoomGalleryBlock } from '../../src/generated/schema-types'
import { blockOn, routes, watchConsole } from './site'
import { methodRoutes } from './method-pages'

/**
 * /anim's gallery: its pictures zooming while the page scrolls, still under
 * reduced motion, a still grid without JavaScript. What the method pages,
 * About and the legal pages show is checked in pipeline.spec.ts's test of
 * every route (method-pages.ts), on the load that test already makes.
 */

/** Opens a route, waits for hydration and returns the console collector. */
async function open(page: Page, route: string): Promise<string[]> {
  const messages = watchConsole(page)
  const response = await page.goto(route)
  expect(response?.status()).toBe(200)
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
  const expected = routes.find((r) => r.route === route)
  expect(expected, `${route} is a page`).toBeDefined()
  await expect(page).toHaveTitle(expected!.title)
  if (expected!.heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected!.heading)
  return messages
}

test('every route whose content method-pages.ts checks is a page in pages/', () => {
  expect(routes.map((r) => r.route)).toEqual(expect.arrayContaining(methodRoutes))
})

/** The pictures of /anim's gallery, as pages/anim.yaml lists them. */
const animImages = blockOn<ZoomGalleryBlock>('/anim', 'zoom-gallery').images

/** For each gallery picture: is it loaded, and is it (and every box around it) opaque, shown and untransformed? */
function galleryState(page: Page) {
  return page.locator('main section[data-mode]').evaluate((section) =>
    [...section.querySelectorAll('img')].map((img) => {
      const boxes: Element[] = []
      for (let el: Element | null = img; el && el !== section; el = el.parentElement) boxes.push(el)
      return {
        loaded: img.complete && img.naturalWidth > 0,
        alt: img.alt,
        opaque: boxes.every((el) => getComputedStyle(el).opacity === '1'),
        shown: boxes.every((el) => getComputedStyle(el).visibility === 'visible'),
        untransformed: boxes.every((el) => getComputedStyle(el).transform === 'none'),
      }
    }),
  )
}

test.describe('/anim under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('shows all its pictures, still and fully visible', async ({ tab: page }) => {
    const messages = await open(page, '/anim')
    const gallery = page.locator('main section[data-mode]')
    await expect(gallery).toHaveAttribute('data-mode', 'still')
    const images = gallery.locator('img')
    await expect(images).toHaveCount(animImages.length)
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded()
      await expect(img).toBeInViewport()
    }
    await expect.poll(async () => (await galleryState(page)).every((s) => s.loaded)).toBe(true)
    for (const state of await galleryState(page)) {
      expect(state).toMatchObject({ loaded: true, opaque: true, shown: true, untransformed: true })
      expect(state.alt).not.toBe('')
    }
    expect(messages).toEqual([])
  })
})

test('/anim zooms its pictures while scrolling', async ({ tab: page }) => {
  // The spring that smooths the zoom is motion code: it must not load
  // before the visitor scrolls (the first-interaction JS budget).
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  const messages = await open(page, '/anim')
  await page.waitForLoadState('networkidle')
  const loadedBeforeScrolling = scripts.length
  const gallery = page.locator('main section[data-mode]')
  await expect(gallery).toHaveAttribute('data-mode', 'zoom')
  await expect(gallery.locator('img')).toHaveCount(animImages.length)
  const track = await gallery.evaluate((section) => {
    const frame = section.querySelector('li')!.closest('ol')!.parentElement!.parentElement!
    const rect = frame.getBoundingClientRect()
    return { top: rect.top + window.scrollY, travel: rect.height - window.innerHeight }
  })
  const transforms = () => gallery.locator('li').evaluateAll((slides) => slides.map((li) => getComputedStyle(li).transform))
  const scrollTo = (fraction: number) => page.evaluate((y) => window.scrollTo(0, y), track.top + track.travel * fraction)

  await scrollTo(0)
  await expect.poll(async () => (await transforms())[1]).not.toBe('none')
  const start = await transforms()
  await scrollTo(0.45)
  await expect.poll(transforms).not.toEqual(start)
  await expect.poll(() => scripts.length, 'scrolling loads the spring').toBeGreaterThan(loadedBeforeScrolling)
  const middle = await transforms()
  expect(middle.some((t) => t !== 'none' && t !== 'matrix(1, 0, 0, 1, 0, 0)')).toBe(true)
  await scrollTo(1)
  await expect.poll(transforms).not.toEqual(middle)
  // At the end the last picture fills the frame, untransformed.
  await expect.poll(async () => (await transforms()).at(-1)).toBe('matrix(1, 0, 0, 1, 0, 0)')
  expect(messages).toEqual([])
})

test.describe('/anim without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('is a still grid of all its pictures', async ({ tab: page }) => {
    await page.goto('/anim')
    const gallery = page.locator('main section[data-mode]')
    await expect(gallery).toHaveAttribute('data-mode', 'still')
    await expect(gallery.locator('img')).toHaveCount(animImages.length)
  })
})
