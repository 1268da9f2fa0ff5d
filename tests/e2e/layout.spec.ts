import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from './tab'
import { parse, stringify } from 'yaml'
import { createStaticServer } from '../../src/serve/static-server'
import { tempProject } from '../../scripts/temp-project'
import { hydrated } from './site'
import { overflow, phones } from './route-widths'
import { gridBlocks } from '../../src/shared/grid'

/**
 * Layout that depends on content, on fixture pages: no page is wider than a
 * phone, whatever the words; grids look intentional for every count their
 * schema allows. Each real page's own words are checked at every width by
 * pipeline.spec.ts (route-widths.ts).
 */

const run = promisify(execFile)

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

/**
 * Every list of items that a block schema limits (cards, facts, steps,
 * pictures...), each at every count its schema allows: the block's own
 * schema example with its items repeated round to that count, each made
 * distinct. Derived from schema/ alone, so a new block with a list joins
 * the layout test with nothing to add here.
 */
function listsAtEveryCount(): { type: string; field: string; counts: number[]; block: (n: number) => Block }[] {
  const dir = join(root, 'schema', 'blocks')
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .flatMap((name) => {
      const schema = JSON.parse(readFileSync(join(dir, name), 'utf8'))
      const example = schema.examples?.[0] as Block | undefined
      if (!example) return []
      return Object.entries(schema.properties as Record<string, { type?: string; minItems?: number; maxItems?: number; items?: { type?: string; properties?: Record<string, Record<string, unknown>> } }>).flatMap(([field, list]) => {
        const items = example[field]
        if (list.type !== 'array' || list.items?.type !== 'object' || list.minItems === undefined || list.maxItems === undefined || !Array.isArray(items) || !items.length) return []
        const counts = Array.from({ length: list.maxItems - list.minItems + 1 }, (_, i) => list.minItems! + i)
        const distinct = distinctItem(list.items.properties ?? {})
        const heading = 'heading' in (schema.properties ?? {}) ? (n: number) => ({ heading: `${n} ${field}` }) : () => ({})
        return [{ type: example.type, field, counts, block: (n: number) => ({ ...example, ...heading(n), [field]: Array.from({ length: n }, (_, k) => distinct(items[k % items.length] as Record<string, unknown>, k)) }) }]
      })
    })
}

/** An item told apart from its copies: its first free text (not a path, a link, an allowed value or a pattern) numbered, within its length limit. */
function distinctItem(fields: Record<string, Record<string, unknown>>): (item: Record<string, unknown>, k: number) => Record<string, unknown> {
  const free = Object.entries(fields).find(([, f]) => f.type === 'string' && !f.enum && !f.pattern && !f.format)?.[0]
  return (item, k) => {
    if (!free || typeof item[free] !== 'string') return item
    const max = Number(fields[free]!.maxLength ?? Infinity)
    const number = ` ${k + 1}`
    return { ...item, [free]: `${(item[free] as string).slice(0, max - number.length)}${number}` }
  }
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
  const files: Record<string, string> = { 'pages/fixture/long-words.yaml': stringify(ownWords(longWords), { aliasDuplicateObjects: false }) }
  for (const { type, field, counts, block } of listsAtEveryCount()) {
    files[`pages/fixture/${type}--${field}.yaml`] = stringify(
      {
        title: `Fixture: ${type} ${field} at every count`,
        description: `Every count of ${field} that the ${type} schema allows.`,
        blocks: counts.map((n) => ownWords(block(n))),
      },
      { aliasDuplicateObjects: false },
    )
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
   * The layout rule, for every grid (a list laid out in rows: CSS grid, or
   * flex boxes that wrap) of every fixture: in a grid every row but the last
   * is full, and the last is either full too or centred; boxes that wrap are
   * centred row by row. No row ends in an empty gap on one side. Which lists are grids is seen on the page, so every list a
   * schema limits is looked at, and every grid block of shared/grid.ts must
   * be among those found.
   */
  test('grids: rows look intentional for every count the schema allows', async ({ page }) => {
    test.setTimeout(180_000)
    // Reduced motion: the zoom gallery shows its still grid.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const found = new Set<string>()
    for (const { type, field } of listsAtEveryCount()) {
      for (const width of [1280, 900, 375]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`${base}/fixture/${type}--${field}`)
        await hydrated(page)
        const grids = await page.locator('main section :is(ul, ol, dl)').evaluateAll((lists) =>
          lists
            .filter((list) => {
              const style = getComputedStyle(list)
              return style.display === 'grid' || (style.display === 'flex' && style.flexWrap === 'wrap')
            })
            .map((list) => {
            const wraps = getComputedStyle(list).display === 'flex'
            const box = list.getBoundingClientRect()
            const items = [...list.children].map((c) => c.getBoundingClientRect())
            // Boxes on one line overlap it in height (a row's boxes may differ in height and be centred on it).
            const rows: DOMRect[][] = []
            for (const r of [...items].sort((a, b) => a.top - b.top)) {
              const row = rows.at(-1)
              if (row && r.top < Math.max(...row.map((o) => o.bottom)) - 1) row.push(r)
              else rows.push([r])
            }
            return {
              wraps,
              count: items.length,
              rows: rows.map((row) => ({
                n: row.length,
                left: Math.min(...row.map((r) => r.left)) - box.left,
                right: box.right - Math.max(...row.map((r) => r.right)),
              })),
            }
          }),
        )
        // A list that is no grid at the widest screen is none at the others.
        if (!grids.length) break
        found.add(type)
        const fullOrCentred = (row: { left: number; right: number }) => (row.left < 2 && row.right < 2) || Math.abs(row.left - row.right) < 2
        for (const { wraps, count, rows } of grids) {
          const at = `${count} ${type} ${field} at ${width} px: rows of ${rows.map((r) => r.n).join(' + ')}`
          // Boxes of their own widths that wrap (names in a strip) are centred row by row.
          if (wraps) for (const row of rows) expect(fullOrCentred(row), `${at}: each row is full or centred`).toBe(true)
          else {
            for (const row of rows.slice(0, -1)) {
              expect(row.left, at).toBeLessThan(2)
              expect(row.right, at).toBeLessThan(2)
            }
            expect(fullOrCentred(rows.at(-1)!), `${at}: the last row is full or centred`).toBe(true)
          }
        }
      }
    }
    expect([...found].sort()).toEqual(expect.arrayContaining(Object.keys(gridBlocks).sort()))
  })
})
