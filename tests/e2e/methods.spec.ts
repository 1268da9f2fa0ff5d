import { expect, test, type Page } from '@playwright/test'
import { motion } from '../../src/motion/constants'
import { routes, watchConsole } from './site'

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

/** The hero's link (back link or button), which must lead to the home page. */
async function expectHeroLinkHome(page: Page, label?: string) {
  const link = label ? page.locator('main section').first().getByRole('link', { name: label, exact: true }) : page.locator('main section').first().getByRole('link')
  await expect(link).toHaveCount(1)
  await expect(link).toHaveAttribute('href', '/')
}

/** A heading that zooms in once it is in view, optionally 100 ms late. */
async function expectZoomHeading(page: Page, name: string, delayed: boolean) {
  const heading = h2(page, name)
  await expect(heading).toHaveAttribute('data-effect', 'zoom')
  const delay = await heading.evaluate((el) => (el as HTMLElement).style.transitionDelay)
  expect(delay).toBe(delayed ? `${motion.delayedHeadingMs}ms` : '')
}

test('/social-sampling: outreach, steps, advantages, three images and a Method link home', async ({ page }) => {
  const messages = await open(page, '/social-sampling')
  await expectHeroLinkHome(page, 'Method')
  await expect(h2(page, 'Outreach that starts where people gather')).toBeVisible()
  await expect(h2(page, 'How we acquire participants')).toBeVisible()
  const steps = page.locator('main ol').filter({ has: page.getByRole('heading', { name: 'Define the profile' }) }).getByRole('listitem')
  await expect(steps).toHaveCount(5)
  await expect(h2(page, 'Why sample through social channels')).toBeVisible()
  await expect(page.locator('main').getByText('Reaches niche and hard-to-find groups', { exact: false })).toBeVisible()
  const trio = page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: 'Where the conversations happen' }) }).locator('img')
  await expect(trio).toHaveCount(3)
  for (const img of await trio.all()) {
    await img.scrollIntoViewIfNeeded()
    await expect(img).toBeVisible()
    expect(await img.getAttribute('alt')).toBeTruthy()
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true)
  }
  expect(messages).toEqual([])
})

test('/telephone-search: CATI facts, a hero link home and a delayed zoom heading', async ({ page }) => {
  const messages = await open(page, '/telephone-search')
  await expectHeroLinkHome(page)
  await expectZoomHeading(page, 'A conversation, guided by the questionnaire', true)
  const facts = page.locator('main dl')
  const cati: [value: string, label: string][] = [
    ['550+', 'interviewers'],
    ['60+', 'countries'],
    ['1M+', 'respondents'],
    ['4–5%', 'dropout'],
  ]
  for (const [value, label] of cati) {
    const fact = facts.locator('div').filter({ has: page.getByText(value, { exact: true }) })
    await expect(fact).toHaveCount(1)
    await expect(fact).toContainText(label)
  }
  await expect(page.locator('main').getByText('respondents interviewed every year')).toBeVisible()
  const formats = page.locator('main ul').filter({ has: page.getByText('SPSS', { exact: true }) }).getByRole('listitem')
  await expect(formats).toHaveText(['SPSS', 'ASCII', 'CSV', 'XLS'])
  expect(messages).toEqual([])
})

for (const { route, sections } of [
  { route: '/online-search', sections: ['Surveys people answer in their own time', 'Programmed and hosted in-house', 'Quality you can check'] },
  { route: '/interview-vc', sections: ['Face to face, without the travel', 'How a session runs', 'Built for busy and hard-to-reach people'] },
]) {
  test(`${route}: a hero and three text sections`, async ({ page }) => {
    const messages = await open(page, route)
    await expect(page.locator('main section')).toHaveCount(4)
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(sections)
    for (const name of sections) await expectZoomHeading(page, name, false)
    expect(messages).toEqual([])
  })
}

test('/interview-vc names webcam, voice-assisted and video-call interviews', async ({ page }) => {
  await open(page, '/interview-vc')
  const main = page.locator('main')
  await expect(main).toContainText('Webcam interviews')
  await expect(main).toContainText('voice-assisted')
  await expect(main).toContainText('video-call')
})

test('/mixed-methodologies: qualitative plus quantitative, heading zooms in 100 ms late', async ({ page }) => {
  const messages = await open(page, '/mixed-methodologies')
  await expect(page.locator('main')).toContainText(/qualitative plus quantitative/i)
  await expectZoomHeading(page, 'Why combine the two', true)
  await expect(h2(page, 'How a mixed-method study runs')).toBeVisible()
  expect(messages).toEqual([])
})

test('/about-us: the four section titles, including the literal {product}, and over 20 years', async ({ page }) => {
  const messages = await open(page, '/about-us')
  for (const title of ['How We Help', 'What We Bring to the Table', 'Why Work With Us?', '{product}']) {
    await expect(h2(page, title)).toBeVisible()
  }
  const main = page.locator('main')
  await expect(main).toContainText('over 20 years')
  await expect(main).toContainText(/targeted panels/i)
  await expect(main).toContainText(/fast turnaround/i)
  await expect(main).toContainText(/customised data collection/i)
  expect(messages).toEqual([])
})

for (const { route, title } of [
  { route: '/terms-service', title: 'Terms of Service' },
  { route: '/privacy-policy', title: 'Privacy Policy' },
]) {
  test(`${route}: hero and title only, no body text`, async ({ page }) => {
    const messages = await open(page, route)
    await expect(h2(page, title)).toBeVisible()
    await expect(page.locator('main p')).toHaveCount(0)
    expect(messages).toEqual([])
  })
}

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

  test('shows all seven pictures, still and fully visible', async ({ page }) => {
    const messages = await open(page, '/anim')
    const gallery = page.locator('main section[data-mode]')
    await expect(gallery).toHaveAttribute('data-mode', 'still')
    const images = gallery.locator('img')
    await expect(images).toHaveCount(7)
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

test('/anim zooms its seven pictures while scrolling', async ({ page }) => {
  // The spring that smooths the zoom is motion code: it must not load
  // before the visitor scrolls (the first-interaction JS budget).
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  const messages = await open(page, '/anim')
  await page.waitForLoadState('networkidle')
  const loadedBeforeScrolling = scripts.length
  const gallery = page.locator('main section[data-mode]')
  await expect(gallery).toHaveAttribute('data-mode', 'zoom')
  await expect(gallery.locator('img')).toHaveCount(7)
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

  test('is a still grid of seven pictures', async ({ page }) => {
    await page.goto('/anim')
    const gallery = page.locator('main section[data-mode]')
    await expect(gallery).toHaveAttribute('data-mode', 'still')
    await expect(gallery.locator('img')).toHaveCount(7)
  })
})
