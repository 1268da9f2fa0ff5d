import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, testBrowserPath } from '../../../../scripts/chromium'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'
import { seededRandom } from '../../../support/seeded-random'

/**
 * The author's text reaches the visitor byte for byte. A few hundred random
 * strings, made of the pieces that have broken text before (bundler and
 * template placeholders, quotes, markup, replacement patterns, characters
 * outside ASCII), go through YAML, the build, the prerendered HTML and the
 * hydrated page in Chromium, and each must come out equal at both ends.
 * (__VITE_PRELOAD__ once reached the browser as "void 0", and React
 * reported hydration error #418.)
 */
const pieces = [
  '__VITE_PRELOAD__', '__VITE_PUBLIC_ASSET__deadbeef__', '__VITE_ASSET__a1b2c3__', '__VITE_IS_MODERN__', '!~{001}~', '%VITE_X%', '%BASE_URL%',
  '${x}', '{{x}}', '{{{x}}}', '$&', "$'", '$`', '$1', '$$', '<script>', '</script>', '<!--', '-->', '<b>', '&amp;', '&lt;', '&', '<', '>',
  '"', "'", '`', '\\', '\\n', '\\u0041', 'import.meta.url', 'import.meta.env.MODE', 'new URL("x", import.meta.url)', 'process.env.NODE_ENV',
  'JSON.parse(', '")', '}', ']', '/*', '*/', '//', 'é', 'ß', '日本語', 'עברית', '🎉', '👩‍👩‍👧', '\u00a0', '\u2028', '\u2029', '\u200b',
  ' ', '  ', '\n', '\t', 'a', 'Z', '0', '#', '%', '_', '-', ':', '?', '!', 'Fieldhouse', 'data-route', 'id="main"',
]

/** `count` strings of 1 to 8 pieces, each at most 120 characters (a title's limit) and never only spaces. */
function authorStrings(count: number, seed: number): string[] {
  const next = seededRandom(seed)
  return Array.from({ length: count }, () => {
    let text = ''
    for (let n = 1 + Math.floor(next() * 8); n > 0; n--) {
      const piece = pieces[Math.floor(next() * pieces.length)]!
      if (text.length + piece.length <= 120) text += piece
    }
    return text.trim() === '' || text.replace(/[\s\u200b]/g, '') === '' ? `${text}x` : text
  })
}

/** A YAML double-quoted value: JSON's escapes are YAML's, and the line separators are escaped so the file reads as written. */
const yamlText = (text: string) => JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

const perPage = 100
const strings = authorStrings(300, 14)
const routes = Array.from({ length: strings.length / perPage }, (_, i) => `/text-${i + 1}`)

let browser: Browser
let dist: string
let remove = () => {}

beforeAll(async () => {
  const files: Record<string, string> = {
    'pages/_site.yaml': readFileSync(join(projectRoot, 'tests/fixtures/mini-site/_site.yaml'), 'utf8'),
    'pages/index.yaml': readFileSync(join(projectRoot, 'tests/fixtures/mini-site/index.yaml'), 'utf8'),
  }
  routes.forEach((route, i) => {
    const blocks = strings.slice(i * perPage, (i + 1) * perPage).map((text) => `  - type: intro\n    title: ${yamlText(text)}\n`)
    files[`pages${route}.yaml`] = `title: Text ${i + 1}\ndescription: Random author text, part ${i + 1}.\nblocks:\n${blocks.join('')}`
  })
  const project = tempProject(files, { copyPages: false })
  remove = project.remove
  dist = join(project.root, 'dist')
  await buildSite({ root: project.root, logLevel: 'silent' })
  if (!testBrowserPath) throw new Error('No Chromium: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.')
  browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  remove()
})

/** The built site, answered from dist/ without a server: a route is its index.html. */
async function open(javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled })
  await context.route('http://site.test/**', async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname)
    const file = [join(dist, path), join(dist, path, 'index.html')].find((f) => f.startsWith(dist) && statSync(f, { throwIfNoEntry: false })?.isFile())
    if (file) await route.fulfill({ path: file })
    else await route.fulfill({ status: 404, body: '' })
  })
  return context
}

const titles = () => [...document.querySelectorAll('main h2')].map((h) => h.textContent)

describe('random author text, from YAML to the hydrated page', () => {
  it.each(routes.map((route, i) => [route, i]))('%s: the prerendered HTML shows each string exactly', async (route, i) => {
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`http://site.test${route}`)
    expect(await page.evaluate(titles)).toEqual(strings.slice(i * perPage, (i + 1) * perPage))
    await context.close()
  }, 60_000)

  it.each(routes.map((route, i) => [route, i]))('%s: the hydrated page shows each string exactly, without a mismatch', async (route, i) => {
    const context = await open(true)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`http://site.test${route}`)
    await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), undefined, { timeout: 30_000 })
    expect(errors).toEqual([])
    expect(await page.evaluate(titles)).toEqual(strings.slice(i * perPage, (i + 1) * perPage))
    await context.close()
  }, 60_000)
})
