import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * The WCAG 2.1 A and AA violations on the page as it is now, one line each (rule, help, first nodes).
 *
 * A page of one frame (every page of the site) is scanned with axe.run in
 * the page itself. By default AxeBuilder runs axe in each frame and joins
 * the results in a blank page it opens for the purpose: a new renderer per
 * scan, about 0.6-1 s of a route test's time here, against 0.2-0.3 s. A page
 * with frames (the studio's preview) keeps the default, which also scans
 * frames of another origin. Only violations are wanted: axe then keeps one
 * node of each passing rule instead of all of them.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const results = await builder.setLegacyMode(page.frames().length === 1).analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`)
}
