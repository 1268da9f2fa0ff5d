import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { findJava } from '../../scripts/chromium'

/**
 * Every built page passes the W3C Nu Html Checker (vnu-jar, pinned in
 * package.json). It needs no browser, so it runs once, in the desktop
 * project; vnu runs once over all files, since each start of the JVM costs
 * seconds.
 */
const root = join(import.meta.dirname, '..', '..')
const dist = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(root, 'dist')
// The jar itself; the package's own launcher would download a JRE, which we never want.
const vnuJar = join(createRequire(import.meta.url).resolve('vnu-jar/package.json'), '..', 'build', 'dist', 'vnu.jar')

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/**
 * What the HTML Standard allows and this checker does not know yet, each
 * one message: `<link rel="expect" href="#main" blocking="render">`
 * (index.html: no first paint before the header is whole), in the
 * standard's link types since 2024 (https://html.spec.whatwg.org/multipage/links.html#link-type-expect);
 * the pinned vnu allows `blocking` on style sheets only.
 */
const newerThanTheChecker = '.*A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.*'

interface VnuMessage {
  type: string
  subType?: string
  url: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
}

test('every built page is valid HTML (Nu Html Checker)', async () => {
  test.setTimeout(120_000)
  const java = findJava()
  if (!java) throw new Error('The HTML check needs Java 11 or newer: install a JRE (Debian/Ubuntu: apt-get install default-jre-headless; npm test installs it when root on Debian).')
  const files = htmlFiles(dist)
  expect(files.length, 'dist/ has no HTML: run npm run build').toBeGreaterThan(0)
  const run = spawnSync(java, ['-jar', vnuJar, '--errors-only', '--filterpattern', newerThanTheChecker, '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (run.error) throw run.error
  const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] }
  const errors = messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal')
    .map((m) => `${relative(root, decodeURIComponent(new URL(m.url).pathname))}:${m.lastLine ?? 0}:${m.firstColumn ?? m.lastColumn ?? 0} ${m.message}`)
  expect(errors, errors.join('\n')).toEqual([])
  expect(run.status, run.stdout + run.stderr).toBe(0)
})
