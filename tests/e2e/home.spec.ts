import { expect, test, type Page } from '@playwright/test'
import { motion } from '../../src/motion/constants'
import { desktopMinWidth } from '../../src/shared/breakpoint'
import { hydrated, watchConsole } from './console'

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= desktopMinWidth

test.describe('header', () => {
  test('desktop: dropdowns open on click, close on a click outside and on Escape', async ({ page }) => {
    test.skip(!isDesktop(page), 'desktop header')
    await page.goto('/')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const audience = nav.getByRole('button', { name: 'Audience' })
    await expect(audience).toHaveAttribute('aria-expanded', 'false')
    await audience.click()
    await expect(audience).toHaveAttribute('aria-expanded', 'true')
    const panel = page.locator(`#${await audience.getAttribute('aria-controls')}`)
    await expect(panel.getByRole('link').first()).toBeVisible()
    await expect(panel.getByRole('link')).toHaveCount(6)
    await page.mouse.click(10, 700)
    await expect(audience).toHaveAttribute('aria-expanded', 'false')
    await expect(panel).toBeHidden()

    const method = nav.getByRole('button', { name: 'Method' })
    await method.click()
    const methods = page.locator(`#${await method.getAttribute('aria-controls')}`).getByRole('link')
    await expect(methods).toHaveText(['Online research (CAWI)', 'Telephone research (CATI)', 'Video-call interviews', 'Social sampling', 'Mixed methodologies'])
    await audience.click()
    await expect(method).toHaveAttribute('aria-expanded', 'false')
    await page.mouse.click(10, 700)

    await audience.click()
    await page.keyboard.press('Escape')
    await expect(audience).toHaveAttribute('aria-expanded', 'false')
    await expect(audience).toBeFocused()
  })

  test('desktop: works from the keyboard', async ({ page }) => {
    test.skip(!isDesktop(page), 'desktop header')
    await page.goto('/')
    await hydrated(page)
    const audience = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Audience' })
    await audience.focus()
    await page.keyboard.press('Enter')
    await expect(audience).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    const first = page.locator(`#${await audience.getAttribute('aria-controls')} a`).first()
    await expect(first).toBeFocused()
    await expect(page.getByRole('button', { name: /menu/i })).toBeHidden()
  })

  test('phone: the Menu button grows into a 375 px panel with one accordion group open at a time', async ({ page }) => {
    test.skip(isDesktop(page), 'phone header')
    await page.goto('/')
    await hydrated(page)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Open menu' })
    const panel = page.locator('header [data-open], header div:has(> button[aria-controls])').first()
    expect(await panel.boundingBox()).toMatchObject({ width: motion.menu.closed.width, height: motion.menu.closed.height })
    await toggle.click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await page.waitForTimeout(motion.menu.panelS * 1000 + 150)
    const open = await panel.boundingBox()
    const viewport = page.viewportSize()!.width
    expect(open!.width).toBeCloseTo(Math.min(motion.menu.openWidth, viewport - 24), 0)

    const menu = page.getByRole('navigation', { name: 'Menu' })
    const groups = menu.getByRole('button')
    const labels = await groups.allInnerTexts()
    expect(labels.map((l) => l.trim())).toEqual(['Audience', 'Method', 'About-us', 'Insights'])
    const first = groups.nth(0)
    const second = groups.nth(1)
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'false')

    const solutions = page.getByRole('navigation', { name: 'Solutions' })
    await expect(solutions).toBeVisible()
    await expect(solutions.getByRole('link')).toHaveCount(4)
    await expect(solutions.getByRole('link', { name: /mixed/i })).toHaveCount(0)
    await solutions.getByRole('link').first().focus()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
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
    await expect(methods.getByRole('link', { name: 'Get quotation' })).toBeVisible()
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
