import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect, test } from '@playwright/test'
import { parseDocument } from 'yaml'
import { fetchServed, nginxBinary, startNginx } from './nginx-server'
import { git, makeLiveRepository, mustGit } from './live-repository'
import { pages, site } from './site'
import { documentTitle } from '../../src/app/head'
import { problem } from '../../src/compiler/problems/errors'
import { fileOfRoute } from '../../src/shared/routes'

/**
 * Going live, end to end on this machine: the live repository with its
 * deploy hooks (live-repository.ts), the real nginx running deploy/nginx.conf
 * with the hook's live link as its root, and an author's clone that edits a
 * page, commits and pushes.
 */
// A deploy takes 6 s on the idle 2-core machine and 16-19 s at a load average of 9-13: room for the second.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.skip(!nginxBinary, 'nginx is not installed (apt-get install nginx): the deploy test serves the pushed site with it')

const root = join(import.meta.dirname, '..', '..')
// Apart from the other specs' ports (newsletter +20/21, studio +100/101, nginx +300.., parity +350..).
const port = Number(process.env.E2E_PORT) + 40

let scratch: string
let bare: string
let live: string
let clone: string
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined

/**
 * A developer's plain commit and push, past publishing's own checks (which
 * would refuse a broken page before it left the clone). Returns git's
 * output, where the hook's lines show as "remote: ...", and how long the
 * push took.
 */
function pushFromClone(dir: string, message: string): { ok: boolean; output: string; ms: number } {
  mustGit(dir, 'add', '--', 'pages', 'public')
  mustGit(dir, 'commit', '-q', '-m', message)
  const started = performance.now()
  const { ok, output } = git(dir, 'push', 'origin', 'HEAD:main')
  return { ok, output, ms: performance.now() - started }
}

/** Where the live link leads now: the release folder the hook swapped in last. */
function liveRelease(): string {
  return readlinkSync(live)
}

async function titleServed(route: string): Promise<string | undefined> {
  const html = await (await fetchServed(nginx!.base + route)).text()
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;').replaceAll('<', '&lt;')

// A page to edit, read from pages/ like any author would: the first route other than the home page.
const edited = pages.find((p) => p.route !== '/') ?? pages[0]!
const editedFile = join('pages', fileOfRoute(edited.route))

/** Replace the page's title in its YAML text, and nothing else (comments, quoting and order stay). */
function withTitle(source: string, title: string): string {
  const node = parseDocument(source).get('title', true) as { range?: [number, number, number] } | undefined
  if (!node?.range) throw new Error(`${editedFile} has no title`)
  return source.slice(0, node.range[0]) + JSON.stringify(title) + source.slice(node.range[1])
}

test.beforeAll(async () => {
  // The first deploy builds with no cache of its own: the type check alone takes 15 s on the 2-core machine.
  test.setTimeout(180_000)
  scratch = mkdtempSync(join(tmpdir(), 'deploy-'))
  clone = join(scratch, 'author')

  ;({ bare, live } = makeLiveRepository(scratch))
  mustGit(scratch, 'clone', '-q', bare, clone)
  // Publishing builds the clone's commit before pushing it, with the clone's node_modules, as on an author's machine.
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'))
  nginx = await startNginx(live, port)
})

test.afterAll(() => {
  nginx?.stop()
  // The hook removes old releases after a push has its answer, holding its lock until done.
  if (scratch) spawnSync('flock', [join(scratch, 'srv', '.deploy.lock'), 'true'])
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

test('a page changed in a clone and pushed is served by nginx when the push returns', async () => {
  const before = realpathSync(live)
  const { brand } = site
  expect(await titleServed(edited.route)).toBe(escapeHtml(documentTitle(edited.page.title, brand)))

  const title = `Published ${Date.now().toString(36)}`
  const path = join(clone, editedFile)
  writeFileSync(path, withTitle(readFileSync(path, 'utf8'), title))
  // Pages travel as data, so a page's words change no script; the site
  // settings are bundled with the layout, so a new contact address does.
  const settings = join(clone, 'pages/_site.yaml')
  const doc = parseDocument(readFileSync(settings, 'utf8'))
  doc.set('contact', `published-${Date.now().toString(36)}@example.com`)
  writeFileSync(settings, String(doc))
  // What the studio's Publish button runs (npm run publish: check, build, commit, push); the hook's report comes back with it.
  const started = performance.now()
  const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/publish.ts'), '--root', clone, '--message', `New title for ${edited.route}`, '--author', 'Ada Author <ada@example.com>'], { encoding: 'utf8' })
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0)
  expect(run.stdout).toMatch(/^ {2}deploy: .* is live/m)
  expect(await titleServed(edited.route)).toBe(escapeHtml(documentTitle(title, brand)))
  const served = performance.now() - started
  test.info().annotations.push({ type: 'publish to served', description: `${(served / 1000).toFixed(1)} s, ${pages.length} pages` })
  console.log(`deploy.spec: publish to served ${(served / 1000).toFixed(1)} s for ${pages.length} pages`)

  // A page opened before the swap still loads its chunks: the old release's bundles are carried over once.
  const carried = readFileSync(join(dirname(liveRelease()), 'carried-assets'), 'utf8').split('\n').filter(Boolean)
  expect(carried.length, 'the new settings change at least the chunk that holds them').toBeGreaterThan(0)
  for (const name of readdirSync(join(before, 'assets'))) expect((await fetchServed(`${nginx!.base}/assets/${name}`)).status, name).toBe(200)
})

test('a push with a broken page is refused by the build: git push fails, the pusher reads why, nginx keeps the previous site', async () => {
  const release = liveRelease()
  const titleBefore = await titleServed(edited.route)
  const releasesBefore = readdirSync(join(scratch, 'srv', 'releases'))
  const mainBefore = mustGit(bare, 'rev-parse', 'main')

  const type = `no-such-block-${Date.now().toString(36)}`
  const path = join(clone, editedFile)
  const doc = parseDocument(readFileSync(path, 'utf8'))
  doc.addIn(['blocks'], { type })
  writeFileSync(path, String(doc))
  const push = pushFromClone(clone, `A block type that does not exist on ${edited.route}`)

  const expected = problem('UnknownBlockType', { type, known: [] }, { file: editedFile, line: 1, column: 1 }).message
  expect(push.output).toContain(`remote: ${editedFile}:`)
  expect(push.output).toContain(expected)
  expect(push.ok).toBe(false)
  expect(push.output).toContain('FAILED')
  expect(push.output).toContain('the push is refused')
  expect(push.output).toContain('The live site is unchanged')
  expect(mustGit(bare, 'rev-parse', 'main')).toBe(mainBefore)
  expect(liveRelease()).toBe(release)
  expect(await titleServed(edited.route)).toBe(titleBefore)
  // The failed release folder is gone; its log stays.
  expect(readdirSync(join(scratch, 'srv', 'releases'))).toEqual(releasesBefore)
  expect(readdirSync(join(scratch, 'srv', 'logs')).some((name) => name.endsWith('.log') && readFileSync(join(scratch, 'srv', 'logs', name), 'utf8').includes(expected))).toBe(true)
})

test('a web page or a script put in public/ is refused by the build on the server, and nothing else changes', async () => {
  mustGit(clone, 'fetch', '-q')
  mustGit(clone, 'reset', '-q', '--hard', 'origin/main')
  const release = liveRelease()
  const mainBefore = mustGit(bare, 'rev-parse', 'main')
  writeFileSync(join(clone, 'public/offer.html'), '<!doctype html>\n<title>Offer</title>\n<script src="/offer.js"></script>\n')
  writeFileSync(join(clone, 'public/offer.js'), 'document.title = document.cookie\n')
  const push = pushFromClone(clone, 'An offer page')
  expect(push.ok).toBe(false)
  for (const file of ['public/offer.html', 'public/offer.js']) expect(push.output).toContain(`remote: ${file}:1:1`)
  expect(push.output).toContain('which a browser would run as the site itself')
  expect(push.output).toContain('the push is refused')
  expect(mustGit(bare, 'rev-parse', 'main')).toBe(mainBefore)
  expect(liveRelease()).toBe(release)
  expect((await fetchServed(`${nginx!.base}/offer.js`)).status).toBe(404)
})
