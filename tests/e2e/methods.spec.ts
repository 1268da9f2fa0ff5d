import type { Page } from '@playwright/test'
import { expect, test } from './tab'
import { motion } from '../../src/motion/constants'
import type { Block, FactsBlock, HeroBlock, ImageTrioBlock, StepsBlock, ZoomGalleryBlock } from '../../src/generated/schema-types'
import { blockOn, pages, routes, watchConsole } from './site'

/**
 * The method pages, About and the legal pages, as the specification lays
 * them out (section 2). The words checked are read from pages/, so an
 * author may rewrite any of them.
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

const h2 = (page: Page, name: string) => page.locator('main').getByRole('heading', { level: 2, name, exact: true })
const blocksOf = (route: string): Block[] => pages.find((p) => p.route === route)!.page.blocks
/** The section headings of a page's blocks below the hero, as its h2s show them. */
const headingsOf = (route: string) =>
  blocksOf(route).flatMap((b) => {
    if (b.type === 'intro') return [b.title]
    return 'heading' in b && typeof b.heading === 'string' ? [b.heading] : []
  })

/** The hero's link (back link or button), which must lead to the home page. */
async function expectHeroLinkHome(page: Page, route: string) {
  const hero = blockOn<HeroBlock>(route, 'hero')
  expect(hero.backLink?.href, `${route}'s hero links home`).toBe('/')
  const link = page.locator('main section').first().getByRole('link', { name: hero.backLink!.label, exact: true })
  await expect(link).toHaveCount(1)
  await expect(link).toHaveAttribute('href', '/')
}

/** Every text section's heading zooms in once it is in view, 100 ms late where the page says delayedHeading. */
async function expectZoomHeadings(page: Page, route: string) {
  const sections = blocksOf(route).filter((b) => b.type === 'text-section')
  expect(sections.length).toBeGreaterThan(0)
  for (const section of sections) {
    const heading = h2(page, section.heading)
    await expect(heading).toHaveAttribute('data-effect', 'zoom')
    const delay = await heading.evaluate((el) => (el as HTMLElement).style.transitionDelay)
    expect(delay, section.heading).toBe(section.delayedHeading ? `${motion.delayedHeadingMs}ms` : '')
  }
}

async function expectSectionHeadings(page: Page, route: string) {
  for (const heading of headingsOf(route)) await expect(h2(page, heading)).toBeVisible()
}

test('/social-sampling: outreach, steps, advantages, three images and a Method link home', async ({ tab: page }) => {
  const route = '/social-sampling'
  const messages = await open(page, route)
  await expectHeroLinkHome(page, route)
  await expectSectionHeadings(page, route)
  const { steps } = blockOn<StepsBlock>(route, 'steps')
  await expect(page.locator('main ol').filter({ has: page.getByRole('heading', { name: steps[0]!.title }) }).getByRole('listitem')).toHaveCount(steps.length)
  const trioBlock = blockOn<ImageTrioBlock>(route, 'image-trio')
  const trio = page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: trioBlock.heading!, exact: true }) }).locator('img')
  await expect(trio).toHaveCount(trioBlock.images.length)
  for (const img of await trio.all()) {
    await img.scrollIntoViewIfNeeded()
    await expect(img).toBeVisible()
    expect(await img.getAttribute('alt')).toBeTruthy()
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true)
  }
  expect(messages).toEqual([])
})

test('/telephone-search: CATI facts, a hero link home and a delayed zoom heading', async ({ tab: page }) => {
  const route = '/telephone-search'
  const messages = await open(page, route)
  await expectHeroLinkHome(page, route)
  await expectZoomHeadings(page, route)
  const factsBlock = blockOn<FactsBlock>(route, 'facts')
  const facts = page.locator('main dl')
  for (const { value, label } of factsBlock.facts) {
    const fact = facts.locator('div').filter({ has: page.getByText(value, { exact: true }) })
    await expect(fact).toHaveCount(1)
    await expect(fact).toContainText(label)
  }
  const tags = factsBlock.tags!.items
  const formats = page.locator('main ul').filter({ has: page.getByText(tags[0]!, { exact: true }) }).getByRole('listitem')
  await expect(formats).toHaveText(tags)
  expect(messages).toEqual([])
})

for (const route of ['/online-search', '/interview-vc']) {
  test(`${route}: a hero and three text sections`, async ({ tab: page }) => {
    const messages = await open(page, route)
    const blocks = blocksOf(route)
    expect(blocks.map((b) => b.type)).toEqual(['hero', 'text-section', 'text-section', 'text-section'])
    await expect(page.locator('main section')).toHaveCount(blocks.length)
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(headingsOf(route))
    await expectZoomHeadings(page, route)
    expect(messages).toEqual([])
  })
}

for (const route of ['/mixed-methodologies', '/about-us']) {
  test(`${route}: every section heading, text sections zooming in as the page says`, async ({ tab: page }) => {
    const messages = await open(page, route)
    await expectSectionHeadings(page, route)
    await expectZoomHeadings(page, route)
    expect(messages).toEqual([])
  })
}

for (const route of ['/terms-service', '/privacy-policy']) {
  test(`${route}: hero and title only, no body text`, async ({ tab: page }) => {
    const messages = await open(page, route)
    expect(blocksOf(route).map((b) => b.type)).toEqual(['hero', 'intro'])
    await expectSectionHeadings(page, route)
    await expect(page.locator('main p')).toHaveCount(0)
    expect(messages).toEqual([])
  })
}

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
