import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe's minified build: 0.58 MB against the 1.3 MB that AxeBuilder sends by
 * default. Every scan sends it from this process through Playwright's driver
 * and the browser to the page, which parses it again.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The WCAG 2.1 A and AA violations on the page as it is now, one line each (rule, help, first nodes).
 *
 * A page of one frame (every page of the site) is scanned with axe.run in
 * the page itself, after one evaluation of axe's source. AxeBuilder's
 * legacy mode does the same with two evaluations of its unminified source
 * (once to look for runPartial, once per frame), and its default mode runs
 * axe in each frame and joins the results in a blank page it opens for the
 * purpose: a new renderer per scan. Measured over pipeline.spec.ts on
 * desktop (42 scans), see the commit that brought this. A page with frames
 * (the studio's preview) keeps AxeBuilder's default, which also scans
 * frames of another origin. Only violations are wanted: axe then keeps one
 * node of each passing rule instead of all of them.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const options: RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }
  const results = page.frames().length === 1 ? await scanOneFrame(page, options) : await new AxeBuilder({ page, axeSource }).options(options).analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`)
}

async function scanOneFrame(page: Page, options: RunOptions): Promise<AxeResults> {
  await page.evaluate(axeSource)
  return page.evaluate((runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions), options)
}
