import { expect, test, type Locator, type Page } from '@playwright/test'
import { motion } from '../../src/motion/constants'
import { desktopMinWidth } from '../../src/shared/breakpoint'
import { hydrated, watchConsole } from './console'

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= desktopMinWidth

/** A drop-down or menu group: the <details> whose <summary> reads `label`. */
const disclosure = (scope: Locator, label: string) => scope.locator('details').filter({ has: scope.page().locator(`summary:text-is("${label}")`) })
const isOpen = (details: Locator) => details.evaluate((el: HTMLDetailsElement) => el.open)

test.describe('header', () => {
  test('desktop: dropdowns open on click, close on a click outside and on Escape', async ({ page }) => {
    test.skip(!isDesktop(page), 'desktop header')
    await page.goto('/')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const audience = disclosure(nav, 'Audience')
    expect(await isOpen(audience)).toBe(false)
    await audience.locator('summary').click()
    expect(await isOpen(audience)).toBe(true)
    await expect(audience.getByRole('link').first()).toBeVisible()
    await expect(audience.getByRole('link')).toHaveCount(6)
    await page.mouse.click(10, 700)
    await expect.poll(() => isOpen(audience)).toBe(false)
    await expect(audience.getByRole('link').first()).toBeHidden()

    const method = disclosure(nav, 'Method')
    await method.locator('summary').click()
    await expect(method.getByRole('link')).toHaveText(['Online research (CAWI)', 'Telephone research (CATI)', 'Video-call interviews', 'Social sampling', 'Mixed methodologies'])
    await audience.locator('summary').click()
    await expect.poll(() => isOpen(method)).toBe(false)
    await page.mouse.click(10, 700)

    await audience.locator('summary').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => isOpen(audience)).toBe(false)
    await expect(audience.locator('summary')).toBeFocused()
  })

  test('desktop: works from the keyboard, and a drop-down closes when focus leaves it', async ({ page }) => {
    test.skip(!isDesktop(page), 'desktop header')
    await page.goto('/')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const audience = disclosure(nav, 'Audience')
    await audience.locator('summary').focus()
    await page.keyboard.press('Enter')
    expect(await isOpen(audience)).toBe(true)
    await page.keyboard.press('Tab')
    const links = audience.getByRole('link')
    await expect(links.first()).toBeFocused()
    for (let i = 1; i < (await links.count()); i++) await page.keyboard.press('Tab')
    await expect(links.last()).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(disclosure(nav, 'Method').locator('summary')).toBeFocused()
    await expect.poll(() => isOpen(audience)).toBe(false)
    await expect(page.locator('header summary', { hasText: 'Menu' })).toBeHidden()
  })

  test('phone: the Menu button grows into a 375 px panel with one accordion group open at a time', async ({ page }) => {
    test.skip(isDesktop(page), 'phone header')
    await page.goto('/')
    await hydrated(page)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const panel = page.locator('header details:has(nav[aria-label="Menu"])')
    const toggle = panel.locator('> summary')
    await expect(toggle).toHaveAccessibleName('Open menu')
    expect(await panel.boundingBox()).toMatchObject({ width: motion.menu.closed.width, height: motion.menu.closed.height })
    await toggle.click()
    await expect(toggle).toHaveAccessibleName('Close menu')
    expect(await isOpen(panel)).toBe(true)
    await page.waitForTimeout(motion.menu.panelS * 1000 + 150)
    const open = await panel.boundingBox()
    const viewport = page.viewportSize()!.width
    // The page's gutter on both sides, up to the spec's 375 px.
    expect(open!.width).toBeCloseTo(Math.min(motion.menu.openWidth, viewport - 2 * open!.x), 0)

    const menu = page.getByRole('navigation', { name: 'Menu' })
    const groups = menu.locator('details')
    const labels = await menu.locator('summary').allInnerTexts()
    expect(labels.map((l) => l.trim())).toEqual(['Audience', 'Method', 'About-us', 'Insights'])
    const first = groups.nth(0)
    const second = groups.nth(1)
    await first.locator('summary').click()
    expect(await isOpen(first)).toBe(true)
    await second.locator('summary').click()
    expect(await isOpen(second)).toBe(true)
    expect(await isOpen(first)).toBe(false)
    await second.locator('summary').click()
    expect(await isOpen(second)).toBe(false)

    const solutions = page.getByRole('navigation', { name: 'Solutions' })
    await expect(solutions).toBeVisible()
    await expect(solutions.getByRole('link')).toHaveCount(4)
    await expect(solutions.getByRole('link', { name: /mixed/i })).toHaveCount(0)
    await solutions.getByRole('link').first().focus()
    await page.keyboard.press('Escape')
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAccessibleName('Open menu')
    expect(await isOpen(panel)).toBe(false)
  })
})

test('footer: email field and a Send button that sends nothing', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const footer = page.locator('footer')
  const email = footer.getByRole('textbox', { name: /research news/i })
  await expect(email).toHaveAttribute('type', 'email')
  await expect(email).toHaveAttribute('placeholder', 'Email address')
  for (const column of ['Audience', 'About', 'Locations']) await expect(footer.getByRole('heading', { name: column, exact: true })).toBeVisible()
  await expect(footer.getByText('UK', { exact: true })).toBeVisible()
  await expect(footer.getByText('ITALY', { exact: true })).toBeVisible()
  await expect(footer).toContainText('25 years')
  const requests: string[] = []
  // Lazy images may load as the footer scrolls into view; anything else would be a send.
  page.on('request', (r) => r.resourceType() !== 'image' && requests.push(`${r.method()} ${r.url()}`))
  await email.fill('someone@example.org')
  await footer.getByRole('button', { name: 'Send' }).click()
  await page.waitForTimeout(300)
  expect(requests).toEqual([])
  expect(new URL(page.url()).pathname).toBe('/')
})

test.describe('home', () => {
  test('hero: headline, typing line and the Connect card after 1.5 s of the bottom heading in view', async ({ page }) => {
    const messages = watchConsole(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unlock Research Potential With The Perfect Audience')
    await expect(page.locator('main')).toContainText('25 years')
    const hero = page.locator('section').first()
    await expect(hero).toContainText('If you need...')
    await hydrated(page)
    const connect = hero.locator('[aria-hidden]', { hasText: 'Connect' }).first()
    // Bring the bottom heading fully into view and time how long Connect takes.
    await hero.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded()
    const start = Date.now()
    await expect(connect).toHaveAttribute('aria-hidden', 'false', { timeout: 5000 })
    expect(Date.now() - start).toBeGreaterThanOrEqual(motion.connect.delayMs - 300)
    expect(messages).toEqual([])
  })

  test('the typewriter types the phrases one character at a time', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const typed = page.locator('section').first().locator('[data-typed]')
    const seen = new Set<string>()
    for (let i = 0; i < 25; i++) {
      seen.add(await typed.innerText())
      await page.waitForTimeout(40)
    }
    const lengths = [...seen].map((t) => t.length).sort((a, b) => a - b)
    expect(seen.size).toBeGreaterThan(5)
    expect(lengths.some((n, i) => i > 0 && n - lengths[i - 1]! === 1)).toBe(true)
  })

  test('typing never moves anything: each typed line keeps the size of its longest phrase', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const lines = page.locator('main [data-typed]')
    await expect(lines).toHaveCount(2) // the hero's line and the callout's
    const boxes = () =>
      lines.evaluateAll((spans) =>
        spans.map((span) => {
          const lineEl = span.closest('p, h2')!
          const line = lineEl.getBoundingClientRect()
          // The prefix is the first piece of text in the line.
          const prefix = lineEl.querySelector('span > span')!.getBoundingClientRect()
          const typed = span.getBoundingClientRect()
          return { height: line.height, prefixLeft: prefix.left, prefixTop: prefix.top - line.top, typedLeft: typed.left, typedTop: typed.top - line.top, text: span.textContent }
        }),
      )
    const first = await boxes()
    const texts = new Set<string>()
    // Long enough for each line to type, hold and clear at least one phrase.
    for (let i = 0; i < 40; i++) {
      await page.waitForTimeout(100)
      const now = await boxes()
      now.forEach((box, n) => {
        texts.add(`${n}:${box.text}`)
        // Sub-pixel differences from measuring text are not movement.
        for (const key of ['height', 'prefixLeft', 'prefixTop', 'typedLeft', 'typedTop'] as const) {
          expect(Math.abs(box[key] - first[n]![key]), `${key} of typed line ${n} while showing "${box.text}"`).toBeLessThan(0.5)
        }
      })
    }
    expect(texts.size).toBeGreaterThan(10)
  })

  test('sections: clients, methods, callout, testimonials and audience', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await expect(page.getByRole('heading', { name: 'Our Clients Are Everything' })).toBeVisible()
    const methods = page.locator('section', { has: page.getByRole('heading', { name: 'Our Methods' }) })
    await expect(methods.locator('li')).toHaveCount(4)
    // A placeholder (no action in the spec): shown, but no link.
    await expect(methods.getByText('Get quotation', { exact: true })).toBeVisible()
    const callout = page.locator('section', { hasText: 'Ask a quote' }).last()
    await expect(callout).toContainText('If you need...')
    const testimonials = page.locator('section', { has: page.getByRole('heading', { name: 'What Our Customers Say' }) })
    await expect(testimonials.locator('figure')).toHaveCount(3)
    const audience = page.locator('section', { has: page.getByRole('heading', { name: 'Audience', exact: true }) })
    const cards = audience.locator('article')
    expect(await cards.count()).toBeGreaterThanOrEqual(2)
    await expect(cards.first().getByRole('link', { name: /See more/ })).toHaveAttribute('href', /^\//)
    expect(await cards.first().locator('img').evaluate((img) => getComputedStyle(img).filter)).toContain('grayscale')
  })

  test('scrolling flips the method cards away and stacks the audience cards', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const firstMethod = page.locator('section', { has: page.getByRole('heading', { name: 'Our Methods' }) }).locator('li').first()
    expect(await firstMethod.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
    const track = firstMethod.locator('xpath=../..')
    const box = await track.boundingBox()
    await page.evaluate((y) => window.scrollTo(0, y), box!.y + box!.height * 0.4)
    await expect.poll(() => firstMethod.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(0.5)

    const audience = page.locator('section', { has: page.getByRole('heading', { name: 'Audience', exact: true }) })
    await audience.locator('ol').evaluate((ol) => window.scrollTo(0, ol.getBoundingClientRect().bottom + window.scrollY - window.innerHeight))
    // Shrunk by one 0.05 step per card stacked on it: a scale matrix below 1.
    await expect.poll(() => audience.locator('article').first().evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(0\.\d+, 0, 0, 0\.\d+/)
  })
})

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('whole phrases, no smooth scrolling, no scroll transforms, everything visible', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const phrases = ['B2B decision makers', 'hard-to-reach investors', 'healthcare professionals', 'the voice of consumers']
    const typed = page.locator('section').first().locator('[data-typed]')
    for (let i = 0; i < 5; i++) {
      expect(phrases).toContain(await typed.innerText())
      await page.waitForTimeout(100)
    }
    await page.mouse.move(200, 300)
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => document.documentElement.classList.contains('lenis'))).toBe(false)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2))
    await page.waitForTimeout(300)
    const methods = page.locator('section', { has: page.getByRole('heading', { name: 'Our Methods' }) }).locator('li')
    for (const card of await methods.all()) {
      expect(await card.evaluate((el) => [getComputedStyle(el).transform, getComputedStyle(el).opacity])).toEqual(['none', '1'])
    }
    const hidden = await page.locator('[data-reveal]').evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity !== '1').length)
    expect(hidden).toBe(0)
  })
})

test('smooth scrolling starts with the first wheel when motion is welcome', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  expect(await page.evaluate(() => document.documentElement.classList.contains('lenis'))).toBe(false)
  await page.mouse.move(200, 300)
  await page.mouse.wheel(0, 200)
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('lenis'))).toBe(true)
})
