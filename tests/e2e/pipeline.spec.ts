import { createHash } from 'node:crypto'
import { expect, test } from './tab'
import type { Page } from '@playwright/test'
import { wcagViolations } from './axe'
import { routes, watchConsole } from './site'
import { audienceCheck } from './audience-pages'
import { methodCheck } from './method-pages'
import { expectFocusRings, focusRingRoutes, focusRingsSay } from './focus-rings'
import { expectFitsWidths, widthsSay } from './route-widths'
import { entryAnimationsSay, expectEntryAnimations, sectionPages } from './entry-animations'

/**
 * Each route is loaded once per width, and every check of the page as it
 * opens runs on that load: a load costs about half a second of CPU on
 * these 2-core machines, which is most of the browser tests' time. A page
 * of the audience section, a method page, About and a legal page also shows
 * what its kind must (audience-pages.ts, method-pages.ts),
 * one page of each arrangement of blocks has its sections animate in
 * (entry-animations.ts), one page of each kind has its focus rings walked
 * (focus-rings.ts), and every page is resized to phone widths and back
 * (route-widths.ts).
 */
test.describe('every route', () => {
  for (const { route, title, heading, page: data } of routes) {
    const kind = audienceCheck(route) ?? methodCheck(route)
    const rings = focusRingRoutes.has(route)
    const animated = sectionPages.find((p) => p.route === route)
    test(`${route} renders its title and landmarks, hydrates without warnings, has no WCAG 2.1 AA violations and no endless animation the page's main thread must draw${animated ? `; ${entryAnimationsSay}` : ''}${kind ? `; it ${kind.says}` : ''}${rings ? `; ${focusRingsSay}` : ''}; ${widthsSay}`, async ({ tab: page, baseURL }) => {
      // One page load serves several checks (the page, axe, its kind's): allow it the time of a slow test on a busy machine.
      test.slow()
      const messages = watchConsole(page)
      const requests: string[] = []
      page.on('request', (r) => requests.push(r.url()))
      const response = await page.goto(route)
      expect(response?.status()).toBe(200)
      const html = await response!.text()
      expect(html).toContain('<meta http-equiv="Content-Security-Policy"')
      // An inline script runs only if the page's policy lists its hash (index.html's brand-font line).
      // The page's data is a JSON data block, and its JSON-LD another, which the browser never runs.
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      const [json, code] = [scripts.filter(([, attributes]) => attributes!.includes('type="application/json"')), scripts.filter(([, attributes]) => !attributes!.includes('type='))]
      // For search engines: data too, which the browser never runs.
      const linkedData = scripts.filter(([, attributes]) => attributes!.includes('type="application/ld+json"'))
      expect(json.length + code.length + linkedData.length, 'every inline script is code or data').toBe(scripts.length)
      for (const [, , text] of linkedData) expect(JSON.parse(text!), 'JSON-LD that parses').toHaveProperty('@graph')
      expect(json.map(([, , text]) => JSON.parse(text!) as unknown), "the page's own data, as its file says").toEqual([data])
      for (const [, , source] of code) {
        expect(policy, 'an inline script the policy allows by its hash').toContain(`'sha256-${createHash('sha256').update(source!).digest('base64')}'`)
      }
      expect(/script-src([^;]*)/.exec(policy)![1], 'no inline code at large').not.toContain("'unsafe-inline'")
      await expect(page).toHaveTitle(title)
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      // Landmarks: one banner, one main, one contentinfo, and navigation.
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('banner')).toHaveCount(1)
      await expect(page.getByRole('main')).toHaveCount(1)
      await expect(page.getByRole('contentinfo')).toHaveCount(1)
      await expect(page.getByRole('contentinfo')).toBeVisible()
      expect(await page.getByRole('navigation').count()).toBeGreaterThan(0)
      // Hydration is done once the router has taken over the links.
      await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
      // No wait for the network's quiet (Playwright's networkidle, half a
      // second with no request): the checks below wait on what they read,
      // and the requests and console messages are checked at the end, by
      // when the page has long made the requests of its first moments.
      expect(await wcagViolations(page), 'WCAG 2.1 A and AA').toEqual([])
      // First after axe: it needs the page as it opened, not yet scrolled.
      if (animated) await test.step(entryAnimationsSay, () => expectEntryAnimations(page, animated.headings))
      if (kind) await test.step(`it ${kind.says}`, () => kind.run(page))
      // Tab moves focus and scrolls the page.
      if (rings) await test.step(focusRingsSay, () => expectFocusRings(page))
      // Last: the page resized, measured at each width.
      await test.step(widthsSay, () => expectFitsWidths(page, route))
      expect(await endlessAnimationsOffCompositor(page), 'endless animations that move more than opacity and transform').toEqual([])
      expect(messages).toEqual([])
      expect(requests.filter((url) => !url.startsWith(baseURL!)), 'no request leaves the site').toEqual([])
    })
  }
})

/**
 * The properties of the page's endless animations (a caret's blink) that
 * the compositor cannot animate by itself. Any other property (a colour, a
 * border) has the main thread restyle and repaint on every frame for as
 * long as the page is open.
 */
function endlessAnimationsOffCompositor(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const own = new Set(['offset', 'computedOffset', 'easing', 'composite', 'opacity', 'transform'])
    const endless = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations === Infinity)
    return [...new Set(endless.flatMap((a) => (a.effect as KeyframeEffect).getKeyframes().flatMap((frame) => Object.keys(frame).filter((key) => !own.has(key)))))]
  })
}

test('client-side navigation keeps the page and updates the title', async ({ page }) => {
  await page.goto('/b2b/smes')
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
  // The hero's back link to the hub, found by where it goes, not by its words.
  await page.locator('main a[href="/b2b-audience"]').first().click()
  await expect(page).toHaveURL(/\/b2b-audience$/)
  await expect(page).toHaveTitle(routes.find((r) => r.route === '/b2b-audience')!.title)
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
})

test('an unknown route shows the router error page with a real 404', async ({ page }) => {
  const messages = watchConsole(page)
  // The browser logs the 404 of the page itself; that one is expected.
  const isOwnStatus = (m: string) => m.includes('status of 404')
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!')
  await expect(page.getByText('404 Not Found')).toBeVisible()
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
  expect(messages.filter((m) => !isOwnStatus(m))).toEqual([])
})

test('a page without #root logs an error to the console and renders nothing', async ({ page }) => {
  await page.route('**/terms-service', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(/<div id="root"[^>]*>[\s\S]*<\/div>\s*(?:<script type="application\/json"[^>]*>[^<]*<\/script>\s*)?<\/body>/, '</body>')
    await route.fulfill({ response, body: html })
  })
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await page.goto('/terms-service')
  await expect.poll(() => errors).toEqual([expect.stringContaining('id "root"')])
  await expect(page.locator('h1')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  // The HTML is the same at every width: one project is enough.
  test.skip(({ isMobile }) => isMobile, 'same HTML at every width')
  for (const { route, title, heading } of routes) {
    test(`${route} still shows its content`, async ({ tab: page }) => {
      // The words are all in the HTML: no need to wait for its pictures.
      await page.goto(route, { waitUntil: 'domcontentloaded' })
      await expect(page).toHaveTitle(title)
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(20)
    })
  }
})

test('pictures are responsive: every image has its size, and a phone fetches a smaller copy', async ({ page, isMobile }) => {
  await page.goto('/anim')
  const first = page.locator('main img').first()
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const current = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)
  // 375 px at 2x needs 750 px: the 800 px copy. 1280 px at 1x shows the frame at 1216 px: the original.
  expect(current).toBe(isMobile ? '/media/img/anim-1-800w.webp' : '/media/img/anim-1.webp')
  for (const route of ['/', '/b2b/smes', '/anim']) {
    await page.goto(route)
    const unsized = await page.locator('img').evaluateAll((imgs) => imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).map((img) => img.getAttribute('src')))
    expect(unsized, `${route}: images without width and height`).toEqual([])
  }
})
