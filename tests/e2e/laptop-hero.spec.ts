import { expect, test } from '@playwright/test'
import { routes } from './site'

/**
 * The first screen of a hub and a detail page on the two commonest laptop
 * screens: the whole headline, and the way on (the section below, begun in
 * view) without a scroll. (The home page's landing hero has its own test in
 * home.spec.ts.) A hub is a page a header menu's hero opens with a video;
 * a detail page one whose hero has a back link. The pages say which is which.
 */
const heroPages = routes.filter(({ page }) => page.blocks[0]?.type === 'hero' && page.blocks.length > 1)
const hub = heroPages.find(({ page }) => (page.blocks[0] as { video?: unknown }).video)
const detail = heroPages.find(({ page }) => (page.blocks[0] as { backLink?: unknown }).backLink)

for (const [width, height] of [
  [1280, 800],
  [1366, 768],
] as const) {
  for (const [kind, route] of [
    ['a hub', hub?.route],
    ['a detail page', detail?.route],
  ] as const) {
    test(`${kind} at ${width}x${height}: the headline and the start of the next section are on the first screen`, async ({ page }) => {
      expect(route, `pages/ has ${kind}`).toBeDefined()
      await page.setViewportSize({ width, height })
      await page.goto(route!)
      const heading = (await page.locator('main h1').boundingBox())!
      expect(heading.y, 'below the header').toBeGreaterThan(0)
      expect(heading.y + heading.height, 'the headline whole').toBeLessThanOrEqual(height)
      const next = (await page.locator('main section').nth(1).boundingBox())!
      // At least 100 px of the next section: enough to see there is more, and of what.
      expect(next.y, 'the next section begun in view').toBeLessThanOrEqual(height - 100)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    })
  }
}

test("on a 2560 px screen the video's pause control sits at the right edge of the page's column, not of the screen", async ({ page }) => {
  expect(hub, 'pages/ has a hub with a video').toBeDefined()
  await page.setViewportSize({ width: 2560, height: 1440 })
  await page.goto(hub!.route)
  const control = page.locator('main section').first().getByRole('button', { pressed: false })
  await expect(control).toBeVisible()
  const right = (box: { x: number; width: number }) => box.x + box.width
  const column = await page.locator('main h1').evaluate((h1) => h1.parentElement!.getBoundingClientRect().right)
  expect(Math.abs(right((await control.boundingBox())!) - column)).toBeLessThanOrEqual(2)
})
