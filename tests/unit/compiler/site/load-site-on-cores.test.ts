import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { loadSite, loadSiteOnCores, projectPaths } from '../../../../src/compiler/index'
import { PageShare } from '../../../../src/compiler/site/page-share'
import { PageWorkers } from '../../../../src/compiler/site/page-workers'
import { pageCacheDir } from '../../../../src/compiler/cache/page-cache'
import { generatedPages } from '../../../../scripts/bench-scale'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The pages read and checked on worker threads give the very site, and the
 * very problems at the same places, as on one thread: the real pages, some
 * generated ones, a page that cannot be parsed, one with a schema problem,
 * and one that copies another's sentences (a rule across pages, located by
 * reading the file again on the main thread).
 */
let root: string
let remove = () => {}

beforeAll(() => {
  const generated = generatedPages(40)
  const copied = generated['pages/gen/p1.yaml']!.replace(/^title: .*$/m, 'title: A copy').replace(/^description: .*$/m, 'description: A copy of page one.')
  const project = tempProject({
    ...generated,
    'pages/gen/copy.yaml': copied,
    'pages/gen/broken-yaml.yaml': 'title: [unclosed\n',
    'pages/gen/broken-block.yaml': 'title: Broken\ndescription: A block with no such type.\nblocks:\n  - type: heor\n    title: Hi\n',
  })
  root = project.root
  remove = project.remove
  // The copy is the newer file: it, not page one, is the one reported.
  writeFileSync(join(root, 'pages/gen/copy.yaml'), readFileSync(join(root, 'pages/gen/copy.yaml')))
})

afterAll(() => remove())

it('reads and checks on worker threads exactly as on one', async () => {
  const one = loadSite(projectPaths(root))
  const cores = await loadSiteOnCores(projectPaths(root), { workers: 2 })
  expect(one.problems.map((p) => p.code)).toEqual(expect.arrayContaining(['UnknownBlockType', 'CopiedHeroText', 'CopiedText']))
  expect(cores.problems).toEqual(one.problems)
  expect(cores.pages).toEqual(one.pages)
  expect([...cores.routes]).toEqual([...one.routes])
  expect(cores.site).toEqual(one.site)
  expect(cores.comparable.map((p) => p.route)).toEqual(one.comparable.map((p) => p.route))
  // One thread beside this one, as the studio reads a small site while it answers requests.
  const beside = await loadSiteOnCores(projectPaths(root), { offThisThread: true })
  expect(beside.problems).toEqual(one.problems)
  expect(beside.pages).toEqual(one.pages)
  // The threads ran a bundle of the compiler (threads/bundled-module.mjs), made from the code as it is.
  const stamp = JSON.parse(readFileSync(join(projectRoot, 'node_modules/.cache/site-scripts/worker-page-worker.mjs.stamp.json'), 'utf8')) as { inputs: Record<string, string> }
  // Named from the root that made it (this copy's src/ is a link to the project's).
  expect(Object.keys(stamp.inputs).filter((file) => /(^|\/)src\/compiler\/site\/page-(worker|share)\.ts$/.test(file))).toHaveLength(2)
}, 60_000)

it('ends its workers once they have checked the pages, before the rules across pages, so their memory is not held beside that work', async () => {
  const events: string[] = []
  const close = PageWorkers.prototype.close
  const closing = vi.spyOn(PageWorkers.prototype, 'close').mockImplementation(function (this: PageWorkers) {
    events.push('workers closed')
    return close.call(this)
  })
  const progress = { phase: (name: string) => events.push(`${name} started`), tick() {}, end: () => events.push('phase ended') }
  try {
    await loadSiteOnCores(projectPaths(root), { workers: 2, progress })
  } finally {
    closing.mockRestore()
  }
  // The check's phase ends after the rules across pages (load-site.ts): the workers were closed before them, once.
  expect(events.slice(events.indexOf('check started'))).toEqual(['check started', 'workers closed', 'phase ended'])
}, 60_000)

it('counts every page of each phase in its progress, told by the workers in batches', async () => {
  const ticks = new Map<string, number>()
  let phase = ''
  const progress = { phase: (name: string) => ticks.set((phase = name), 0), tick: () => ticks.set(phase, ticks.get(phase)! + 1), end() {} }
  const paths = projectPaths(root)
  await loadSiteOnCores(paths, { workers: 2, progress })
  const pages = [...loadSite(paths).routes].length
  expect(Object.fromEntries(ticks)).toMatchObject({ read: pages, check: pages })
}, 60_000)

it('a share too large to hold its read pages reads each again to check it, with the same outcomes', () => {
  const paths = projectPaths(root)
  const loaded = loadSite(paths)
  const files = [...loaded.routes]
  const routes = files.map(([route]) => route)
  const outcomes = (share: PageShare) => {
    const read = share.read(routes, Object.fromEntries(loaded.sharedBlocks), () => {})
    const checked = share.check(routes, loaded.schemas!, { fragments: loaded.sharedBlocks, media: loaded.media }, () => {})
    return { read, checked }
  }
  const held = outcomes(new PageShare(paths, files))
  expect(held.checked.filter((outcome) => outcome.checked).length).toBeGreaterThan(40)
  const again = outcomes(new PageShare(paths, files, { keepRead: false, releaseChecked: true }))
  // Each check says which bytes it read (the page cache compares them with those read): here, the same.
  expect(again.checked.map((outcome) => outcome.file)).toEqual(again.read.map((outcome) => outcome.file))
  expect({ ...again, checked: again.checked.map(({ file: _, ...outcome }) => outcome) }).toEqual(held)
})

it("runs its workers from the code that runs: the studio's, for a project that holds only its content", async () => {
  const content = tempProject(generatedPages(8))
  try {
    // No src/ of its own: a content repository the studio edits (server.ts points the blocks at its own code).
    rmSync(join(content.root, 'src'))
    const studio = { ...projectPaths(content.root), blocksDir: join(import.meta.dirname, '../../../../src/blocks') }
    const cores = await loadSiteOnCores(studio, { workers: 2 })
    expect(cores.pages.length).toBeGreaterThan(8)
    expect(cores.problems).toEqual(loadSite(studio).problems)
  } finally {
    content.remove()
  }
}, 60_000)

it('checks again on worker threads what it need not read again: every kept page that shows a picture replaced under public/', async () => {
  // Enough pages for two workers (load-site.ts's pagesPerWorker), read once into the page cache.
  const big = tempProject(generatedPages(2000), { copy: ['public'] })
  const paths = projectPaths(big.root)
  const start = vi.spyOn(PageWorkers, 'start')
  try {
    const first = await loadSiteOnCores(paths, { cache: true })
    expect(start).toHaveBeenCalledTimes(1)
    // The picture every generated page shows, replaced (its pixel size is in their data): each is checked again, none read again.
    copyFileSync(join(big.root, 'public/media/img/avatar-1.webp'), join(big.root, 'public/media/img/hero-b2b-smes.webp'))
    const again = await loadSiteOnCores(paths, { cache: true })
    expect(start).toHaveBeenCalledTimes(2)
    const [, files, count] = start.mock.calls[1]!
    expect(files.length).toBeGreaterThanOrEqual(2000)
    expect(count).toBe(2)
    expect(again.problems).toEqual(first.problems)
    expect(again.pages.map((page) => page.route)).toEqual(first.pages.map((page) => page.route))
    expect(again.pages).toEqual((await loadSiteOnCores(paths)).pages)
  } finally {
    start.mockRestore()
    rmSync(pageCacheDir(paths), { recursive: true, force: true })
    big.remove()
  }
}, 120_000)
