import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { parse, stringify } from 'yaml'
import { createStaticServer } from '../../src/serve/static-server'
import { tempProject } from '../../scripts/temp-project'
import { hydrated, routes } from './site'

/**
 * Layout that depends on content: no page is wider than a phone, whatever
 * the words; grids look intentional for every count their schema allows;
 * a highlighted phrase never breaks after its hyphen.
 */

const phones = [320, 375]
const run = promisify(execFile)

/** How far the page is wider than the screen (0 when it is not). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * The lines of the page's headline that start with a comma, stop or other
 * mark that belongs to the word before it: a word too long for its line
 * breaks anywhere (overflow-wrap), so a title a little too large at a
 * phone width would push "Methodologies," apart.
 */
const linesStartingWithPunctuation = (page: Page) =>
  page.locator('h1').evaluate((h1) => {
    const found: string[] = []
    let lastTop: number | undefined
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        if (!node.data[i]!.trim()) continue
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const top = range.getBoundingClientRect().top
        if (lastTop !== undefined && top > lastTop + 2 && /[,.;:!?)]/.test(node.data[i]!)) found.push(`${h1.textContent} (line starting "${node.data.slice(i, i + 12)}")`)
        lastTop = top
      }
    }
    return found
  })

/**
 * The hyphens of the headline's highlighted phrase that end a line: the
 * phrase keeps each hyphen with the next letter in a no-break span, so
 * "fast-moving" never splits after "fast-".
 */
const hyphenBreaks = (page: Page) =>
  page.locator('h1 span').evaluateAll((spans) => [
    ...spans.flatMap((span) => {
      const text = span.firstChild
      if (!(text instanceof Text)) return []
      return [...text.data.matchAll(/-./g)].flatMap((m) => {
        const range = document.createRange()
        range.setStart(text, m.index!)
        range.setEnd(text, m.index! + 2)
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        return tops.size > 1 ? [m[0]] : []
      })
    }),
    ...[...document.querySelectorAll('h1 .no-break')].filter((keep) => keep.getClientRects().length !== 1).map((keep) => keep.textContent),
  ])

test.describe('every route', () => {
  // The same CSS at either project; the phone one is the realistic case, and
  // one load per width checks everything that depends on the words.
  test.skip(({ isMobile }) => !isMobile, 'widths are set one by one in the mobile project')
  for (const { route } of routes) {
    test(`${route} is no wider than 320 or 375 px, its headline keeps punctuation with its word, and its highlight never breaks after a hyphen`, async ({ page }) => {
      for (const width of [...phones, 1280]) {
        await page.setViewportSize({ width, height: 740 })
        await page.goto(route)
        await hydrated(page)
        if (width < 1280) expect(await overflow(page), `${route} at ${width} px`).toBe(0)
        expect(await linesStartingWithPunctuation(page), `${route} at ${width} px`).toEqual([])
        expect(await hyphenBreaks(page), `${route} at ${width} px`).toEqual([])
      }
    })
  }
})

/**
 * A copy of the project with fixture pages: the longest word a title may
 * hold in a hero and an intro, and every grid block at every count its
 * schema allows. Built once per project into a temporary folder; the real
 * pages are untouched.
 */
const root = join(import.meta.dirname, '..', '..')
const readPage = (file: string) => parse(readFileSync(join(root, 'pages', file), 'utf8')) as Page0
type Block = Record<string, unknown> & { type: string }
type Page0 = { title: string; description: string; blocks: Block[] }

/** 63 letters, a real German compound: schema-valid in any title. */
const longWord = 'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz'

/**
 * The fixtures borrow real blocks; their sentences are marked as the
 * fixture's own, since the check refuses a page that repeats another page's
 * sentences word for word (paths and alt text stay as they are).
 */
function ownWords<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (value.length >= 60 && /\s/.test(value) && !['src', 'href', 'alt', 'webm', 'mp4'].includes(key) ? `In the fixture: ${value}` : value) as T
  if (Array.isArray(value)) return value.map((item) => ownWords(item, key)) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ownWords(v, k)])) as T
  return value
}

function fixturePages(): Record<string, string> {
  const smes = readPage('b2b/smes.yaml')
  const hero = smes.blocks.find((b) => b.type === 'hero')!
  const intro = smes.blocks.find((b) => b.type === 'intro')!
  const longWords: Page0 = {
    ...smes,
    title: 'Fixture: long words',
    description: 'A hero and an intro whose titles hold a 63-letter word.',
    blocks: [{ ...hero, title: `Research ${longWord}`, highlight: 'Research', text: `A hero whose title holds ${longWord}.` }, { ...intro, title: longWord }, ...smes.blocks.slice(2)],
  }
  const sources = ['index.yaml', 'telephone-search.yaml', 'social-sampling.yaml', 'anim.yaml'].map(readPage)
  const block = (type: string) => {
    const { id: _, ...found } = sources.flatMap((p) => p.blocks).find((b) => b.type === type)!
    return found as Block
  }
  const schemaRange = (type: string, field: string) => {
    const schema = JSON.parse(readFileSync(join(root, 'schema/blocks', `${type}.schema.json`), 'utf8'))
    const { minItems, maxItems } = schema.properties[field]
    return Array.from({ length: maxItems - minItems + 1 }, (_, i) => minItems + i) as number[]
  }
  /** The block with exactly n items, copied round from its real ones, each made distinct. */
  const withCount = (type: string, field: string, n: number, distinct: (item: Record<string, unknown>, k: number) => Record<string, unknown>) => {
    const base = block(type)
    const items = base[field] as Record<string, unknown>[]
    return { ...base, [field]: Array.from({ length: n }, (_, k) => distinct(items[k % items.length]!, k)) }
  }
  const grids: [string, string, (item: Record<string, unknown>, k: number) => Record<string, unknown>][] = [
    ['testimonials', 'items', (item, k) => ({ ...item, name: `${item.name} ${k + 1}` })],
    ['facts', 'facts', (item) => item],
    ['steps', 'steps', (item, k) => ({ ...item, title: `${item.title} ${k + 1}` })],
    ['zoom-gallery', 'images', (item) => item],
  ]
  const files: Record<string, string> = { 'pages/fixture/long-words.yaml': stringify(ownWords(longWords), { aliasDuplicateObjects: false }) }
  for (const [type, field, distinct] of grids) {
    files[`pages/fixture/${type}.yaml`] = stringify({
      title: `Fixture: ${type} at every count`,
      description: `Every count of ${field} that the ${type} schema allows.`,
      blocks: schemaRange(type, field).map((n) => ownWords({ ...withCount(type, field, n, distinct), heading: `${n} ${field}` })),
    }, { aliasDuplicateObjects: false })
  }
  return files
}

test.describe('fixture pages', () => {
  test.describe.configure({ mode: 'serial' })
  test.skip(({ isMobile }) => isMobile, 'built and checked once, at each width, with the desktop project')
  let base = ''
  let close = () => {}

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const project = tempProject(fixturePages())
    const outDir = join(project.root, 'dist')
    // In its own process, as `npm run build` runs: this worker's module
    // loader and NODE_ENV are Playwright's, not the build's.
    const env: NodeJS.ProcessEnv = { ...process.env }
    delete env.NODE_ENV
    const script = `import('${join(root, 'src/compiler/bundle/build-site.ts')}').then((m) => m.buildSite({ root: ${JSON.stringify(project.root)} }))`
    await run('npx', ['tsx', '--eval', script], { cwd: root, env, timeout: 150_000 })
    const server = createStaticServer(outDir).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => {
      server.close()
      project.remove()
    }
  })
  test.afterAll(() => close())

  test('a 63-letter word in a hero and an intro title wraps at 320 and 375 px', async ({ page }) => {
    for (const width of [...phones, 1280]) {
      await page.setViewportSize({ width, height: 740 })
      await page.goto(`${base}/fixture/long-words`)
      await hydrated(page)
      await expect(page.locator('h1')).toContainText(longWord)
      await expect(page.locator('main h2').first()).toHaveText(longWord)
      expect(await overflow(page), `at ${width} px`).toBe(0)
      for (const heading of [page.locator('h1'), page.locator('main h2').first()]) {
        const box = (await heading.boundingBox())!
        expect(box.x + box.width, `${await heading.evaluate((h) => h.tagName)} at ${width} px`).toBeLessThanOrEqual(width)
      }
    }
  })

  /**
   * The layout rule: every row but the last is full, and the last is
   * either full too or centred; no row ends in an empty gap on one side.
   */
  for (const [type, selector] of [
    ['testimonials', 'ul'],
    ['facts', 'dl'],
    ['steps', 'ol'],
    ['zoom-gallery', 'ol'],
  ] as const) {
    test(`${type}: rows look intentional for every count the schema allows`, async ({ page }) => {
      // Reduced motion: the zoom gallery shows its still grid.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      for (const width of [375, 900, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`${base}/fixture/${type}`)
        await hydrated(page)
        const grids = await page.locator(`main section ${selector}`).evaluateAll((lists) =>
          lists.map((list) => {
            const box = list.getBoundingClientRect()
            const items = [...list.children].map((c) => c.getBoundingClientRect())
            const rows = new Map<number, DOMRect[]>()
            for (const r of items) rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), r])
            return {
              count: items.length,
              rows: [...rows.values()].map((row) => ({
                n: row.length,
                left: Math.min(...row.map((r) => r.left)) - box.left,
                right: box.right - Math.max(...row.map((r) => r.right)),
              })),
            }
          }),
        )
        expect(grids.length, `${type} blocks on the page`).toBeGreaterThan(0)
        for (const { count, rows } of grids) {
          const at = `${count} ${type} items at ${width} px: rows of ${rows.map((r) => r.n).join(' + ')}`
          for (const row of rows.slice(0, -1)) {
            expect(row.left, at).toBeLessThan(2)
            expect(row.right, at).toBeLessThan(2)
          }
          const last = rows.at(-1)!
          const full = last.left < 2 && last.right < 2
          expect(full || Math.abs(last.left - last.right) < 2, `${at}: the last row is full or centred`).toBe(true)
        }
      }
    })
  }
})
