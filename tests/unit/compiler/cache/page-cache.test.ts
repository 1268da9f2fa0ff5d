import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { loadSite, loadSiteOnCores, projectPaths, type LoadedSite } from '../../../../src/compiler/index'
import { DamagedPageCache, PageCache, pageCacheDir } from '../../../../src/compiler/cache/page-cache'
import { settledMs } from '../../../../src/compiler/cache/file-facts'
import type { Progress } from '../../../../src/compiler/progress/progress'
import { generatedPages } from '../../../../scripts/bench-scale'
import { tempProject } from '../../../../scripts/temp-project'
import { changeKeptPageData } from '../../../support/kept-page-data'

/**
 * The page cache never changes an answer: a load that takes what the last
 * one kept gives the very site and problems a load without it gives, after
 * a page's edit, a new id, a schema's change, a change of code and a
 * damaged cache file; and it reads again only what changed.
 */
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((clean) => clean()))

function project(options: Parameters<typeof tempProject>[1] = {}) {
  const made = tempProject(generatedPages(8), options)
  const paths = projectPaths(made.root)
  cleanups.push(() => {
    rmSync(pageCacheDir(paths), { recursive: true, force: true })
    made.remove()
  })
  return { root: made.root, paths }
}

/** Load with the cache, count the pages each phase went through, and compare with a load without it. */
function cachedLoad(paths: ReturnType<typeof projectPaths>): { loaded: LoadedSite; read: number; checked: number } {
  const counts = new Map<string, number>()
  const progress: Progress = { phase: (name, total) => counts.set(name, total ?? 0), tick() {}, end() {} }
  const loaded = loadSite(paths, { progress, cache: true })
  const fresh = loadSite(paths)
  expect(loaded.problems).toEqual(fresh.problems)
  expect(loaded.pages).toEqual(fresh.pages)
  expect(loaded.site).toEqual(fresh.site)
  return { loaded, read: counts.get('read')!, checked: counts.get('check')! }
}

const edit = (root: string, file: string, change: (text: string) => string) => {
  const path = join(root, file)
  writeFileSync(path, change(readFileSync(path, 'utf8')))
  const later = new Date(Date.now() + 2000)
  utimesSync(path, later, later)
}

it('reads and checks again only the page that changed, with the same answers', () => {
  const { root, paths } = project()
  const all = cachedLoad(paths)
  expect(all.read).toBe(all.loaded.routes.size)
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: 0 })

  edit(root, 'pages/gen/p3.yaml', (text) => text.replace('type: hero', 'type: heor'))
  const broken = cachedLoad(paths)
  expect(broken).toMatchObject({ read: 1, checked: 1 })
  expect(broken.loaded.problems.map((p) => [p.code, p.file])).toEqual([['UnknownBlockType', 'pages/gen/p3.yaml']])

  // The same words as another page: a rule across pages, found without reading that page again.
  const otherTitle = /^ {4}title: (.*)$/m.exec(readFileSync(join(root, 'pages/gen/p1.yaml'), 'utf8'))![1]!
  edit(root, 'pages/gen/p3.yaml', (text) => text.replace('type: heor', 'type: hero').replace(/^ {4}title: .*$/m, `    title: ${otherTitle}`))
  const copied = cachedLoad(paths)
  expect(copied).toMatchObject({ read: 1, checked: 1 })
  expect(copied.loaded.problems.map((p) => p.code)).toContain('CopiedHeroText')
})

it('checks again only the pages that link to a route gone or to a route that lost an id, reading only the page that changed', () => {
  const { root, paths } = project()
  // A link to another page's table, by its id.
  edit(root, 'pages/gen/p3.yaml', (text) => text.replace('href: /b2b-audience', 'href: /gen/p2#size-definition'))
  cachedLoad(paths)
  // The id taken from that page: the page itself, read again, and the page that links to it.
  edit(root, 'pages/gen/p2.yaml', (text) => text.replace(/^ {4}id: size-definition\n/m, ''))
  const lostId = cachedLoad(paths)
  expect(lostId).toMatchObject({ read: 1, checked: 2 })
  expect(lostId.loaded.problems.map((found) => [found.code, found.file])).toEqual([['BrokenAnchor', 'pages/gen/p3.yaml']])
  // A page that a hub links to, removed: the pages that link to it, the page with a problem, and no other.
  const linking = lostId.loaded.comparable.filter((page) => page.digest!.links.includes('/b2b/retail')).map((page) => page.route)
  expect(linking).toContain('/b2b-audience')
  rmSync(join(root, 'pages/b2b/retail.yaml'))
  const gone = cachedLoad(paths)
  expect(gone).toMatchObject({ read: 0, checked: linking.length + 1 })
  expect(gone.loaded.problems.some((found) => found.file === 'pages/b2b-audience.yaml')).toBe(true)
})

it('checks every page again when a route goes if a block has a link under another name than "href", which the rules across pages do not read as one', () => {
  const { root, paths } = project({ copy: ['schema'] })
  edit(root, 'schema/blocks/callout.schema.json', (text) => text.replace('"action": {', '"more": { "$ref": "../defs.schema.json#/$defs/href" },\n    "action": {'))
  const routes = cachedLoad(paths).loaded.routes.size
  rmSync(join(root, 'pages/gen/p5.yaml'))
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: routes - 1 })
})

it('checks only the new page, and the pages with a problem, when the site gains a page or an id', () => {
  const { root, paths } = project()
  // A page linking to a page not written yet: a problem, until the page is there.
  edit(root, 'pages/gen/p3.yaml', (text) => text.replace('href: /b2b-audience', 'href: /gen/coming'))
  const before = cachedLoad(paths)
  expect(before.loaded.problems.some((found) => found.file === 'pages/gen/p3.yaml')).toBe(true)
  writeFileSync(join(root, 'pages/gen/coming.yaml'), readFileSync(join(root, 'pages/gen/p4.yaml'), 'utf8').replaceAll('(copy 4)', '(copy coming)').replace('Generated page 4', 'Generated page coming'))
  const after = cachedLoad(paths)
  // The new page, and the page whose link now reaches it: no other page is checked again.
  expect(after).toMatchObject({ read: 1, checked: 2 })
  expect(after.loaded.problems.some((found) => found.file === 'pages/gen/p3.yaml')).toBe(false)
  // A new id on a page: only that page, read and checked.
  edit(root, 'pages/gen/p2.yaml', (text) => {
    const last = text.lastIndexOf('\n  - type: ')
    const end = text.indexOf('\n', last + 1)
    return `${text.slice(0, end)}\n    id: a-new-anchor${text.slice(end)}`
  })
  expect(cachedLoad(paths)).toMatchObject({ read: 1, checked: 1 })
})

it('checks again the pages that show a picture when it, or what lies beside it, changes under public/, and no other page', () => {
  // public/ copied: the project's own is linked otherwise.
  const { root, paths } = project({ copy: ['public'] })
  const picture = '/media/img/hero-b2b-smes.webp'
  const dataOf = (loaded: LoadedSite, route: string) => new TextDecoder().decode(loaded.pages.find((p) => p.route === route)!.data)
  const first = cachedLoad(paths)
  const showing = first.loaded.pages.filter((page) => dataOf(first.loaded, page.route).includes(`"${picture}"`)).length
  expect(showing).toBeGreaterThan(8)
  expect(showing).toBeLessThan(first.loaded.routes.size)
  const img = (name: string) => join(root, 'public/media/img', name)
  // A picture no page shows: no page's check read it.
  copyFileSync(img('anim-1.webp'), img('unused.webp'))
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: 0 })
  // The pages' hero picture replaced by one of another pixel size, under the same name: its pages' data has the new size.
  copyFileSync(img('avatar-1.webp'), img('hero-b2b-smes.webp'))
  const replaced = cachedLoad(paths)
  expect(replaced).toMatchObject({ read: 0, checked: showing })
  expect(dataOf(replaced.loaded, '/gen/p1')).toContain(`"src":"${picture}","alt":"","width":240,"height":240`)
  // A smaller copy beside it, and a portrait version: its pages' data lists them (cachedLoad compares each load with one without the cache).
  copyFileSync(img('avatar-1.webp'), img('hero-b2b-smes-120w.webp'))
  const copied = cachedLoad(paths)
  expect(copied).toMatchObject({ read: 0, checked: showing })
  expect(dataOf(copied.loaded, '/gen/p1')).toContain('hero-b2b-smes-120w.webp 120w')
  copyFileSync(img('avatar-1.webp'), img('hero-b2b-smes-portrait.webp'))
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: showing })
})

it('keeps nothing across a change of a schema, of the code, or a damaged cache file', () => {
  const { root, paths } = project({ copy: ['schema', 'src'] })
  const routes = cachedLoad(paths).loaded.routes.size

  // A schema now refuses what every page has: each page is read and checked under the new rule.
  edit(root, 'schema/page.schema.json', (text) => text.replace('"maxLength": 70', '"maxLength": 10'))
  const stricter = cachedLoad(paths)
  expect(stricter).toMatchObject({ read: routes, checked: routes })
  expect(stricter.loaded.problems.length).toBeGreaterThan(0)

  edit(root, 'src/compiler/site/resolve-page.ts', (text) => `${text}\n// A change of code.\n`)
  expect(cachedLoad(paths)).toMatchObject({ read: routes, checked: routes })

  const shards = readdirSync(pageCacheDir(paths))
  expect(shards.length).toBeGreaterThan(0)
  for (const shard of shards) writeFileSync(join(pageCacheDir(paths), shard), '{"format": 2, "code": "')
  expect(cachedLoad(paths)).toMatchObject({ read: routes, checked: routes })
})

it("keeps every page across a change of code that neither reads nor checks one: a block's component and styles, the app", () => {
  const { root, paths } = project({ copy: ['src'] })
  const routes = cachedLoad(paths).loaded.routes.size
  expect(routes).toBeGreaterThan(0)
  const block = readdirSync(join(root, 'src/blocks'), { withFileTypes: true }).find((entry) => entry.isDirectory())!.name
  const styles = readdirSync(join(root, 'src/blocks', block)).find((file) => file.endsWith('.css'))!
  edit(root, `src/blocks/${block}/index.tsx`, (text) => `${text}\n// A change to how the block is drawn.\n`)
  edit(root, `src/blocks/${block}/${styles}`, (text) => `${text}\n/* A change to how it looks. */\n`)
  edit(root, 'src/app/layout.tsx', (text) => `${text}\n// A change to the frame of every page.\n`)
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: 0 })
})

it('keeps nothing for code other than the code that kept it: the studio of another checkout editing this project', () => {
  const { root, paths } = project({ copy: ['src'] })
  edit(root, 'src/compiler/site/resolve-page.ts', (text) => `${text}\n// This project's own version of the code.\n`)
  const routes = cachedLoad(paths).loaded.routes.size
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: 0 })
  // The studio's paths for another project: its own components, and so its own code (studio/server/server.ts).
  const studio = { ...paths, blocksDir: join(import.meta.dirname, '../../../../src/blocks') }
  expect(cachedLoad(studio)).toMatchObject({ read: routes, checked: routes })
})

it('shares what a check kept with the studio running the same code from another folder', () => {
  // The project's src/ is a link to this checkout's: the same code, named from elsewhere.
  const { paths } = project()
  cachedLoad(paths)
  const studio = { ...paths, blocksDir: join(import.meta.dirname, '../../../../src/blocks') }
  expect(cachedLoad(studio)).toMatchObject({ read: 0, checked: 0 })
})

it("rewrites only the shard of the page that changed, and a shard's loss costs only its own pages", async () => {
  const made = tempProject(generatedPages(600))
  const paths = projectPaths(made.root)
  cleanups.push(() => {
    rmSync(pageCacheDir(paths), { recursive: true, force: true })
    made.remove()
  })
  const { loaded } = cachedLoad(paths)
  const dir = pageCacheDir(paths)
  // Each write is a new file renamed into place: a shard written again has a new inode.
  const inodes = (kind: 'shard' | 'data') => new Map(readdirSync(dir).filter((name) => name.startsWith(`${kind}-`)).map((name) => [name, statSync(join(dir, name)).ino]))
  // Files hashed in their first seconds have no stat kept (fileFacts); once
  // they have settled, a run keeps their stats, which rewrites each shard
  // but no data file.
  const fresh = inodes('data')
  // The run's clock moved past settledMs, instead of waiting that long.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + settledMs + 100 })
  try {
    expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: 0 })
  } finally {
    vi.useRealTimers()
  }
  expect(inodes('data'), 'the data files as they were').toEqual(fresh)
  const before = inodes('shard')
  const dataBefore = inodes('data')
  expect(before.size, 'the pages are spread over several shards').toBeGreaterThan(1)
  expect(dataBefore.size, 'each with a file of its pages’ data').toBe(before.size)

  edit(made.root, 'pages/gen/p7.yaml', (text) => text.replace(/^title: .*$/m, 'title: Generated page seven, edited'))
  expect(cachedLoad(paths)).toMatchObject({ read: 1, checked: 1 })
  const after = inodes('shard')
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
  expect([...after].filter(([name, ino]) => before.get(name) !== ino)).toHaveLength(1)
  // One new data file; the one it replaces stays a while, for a run that opened the cache before and may yet read it.
  const dataAfter = inodes('data')
  const added = [...dataAfter.keys()].filter((name) => !dataBefore.has(name))
  expect(added).toHaveLength(1)
  expect([...dataBefore.keys()].every((name) => dataAfter.has(name))).toBe(true)
  const replaced = [...dataBefore.keys()].find((name) => name.startsWith(added[0]!.replace(/-[0-9a-f]+\.bin$/, '-')))!
  const longAgo = new Date(Date.now() - 60 * 60_000)
  utimesSync(join(dir, replaced), longAgo, longAgo)
  edit(made.root, 'pages/gen/p7.yaml', (text) => text.replace(/^title: .*$/m, 'title: Generated page seven, edited again'))
  expect(cachedLoad(paths)).toMatchObject({ read: 1, checked: 1 })
  expect(existsSync(join(dir, replaced)), 'a data file no shard names goes once it is old').toBe(false)

  // A page no other links to, removed: no other page's check changes, so only its own shard is written again.
  const beforeRemoval = inodes('shard')
  rmSync(join(made.root, 'pages/gen/p9.yaml'))
  expect(cachedLoad(paths)).toMatchObject({ read: 0, checked: 0 })
  expect([...inodes('shard')].filter(([name, ino]) => beforeRemoval.get(name) !== ino)).toHaveLength(1)

  const lost = [...after.keys()][0]!
  rmSync(join(dir, lost))
  const again = cachedLoad(paths)
  expect(again.read).toBeGreaterThan(0)
  expect(again.read).toBeLessThan(loaded.routes.size / 2)
  expect(existsSync(join(dir, lost)), 'written again').toBe(true)
})

it('reads a kept page’s data only when asked, and a data file changed by hand stops the run and goes', () => {
  const { paths } = project()
  const routes = cachedLoad(paths).loaded.routes.size
  const dir = pageCacheDir(paths)
  const route = changeKeptPageData(dir)

  // Loading takes every page from the cache without reading any data...
  const loaded = loadSite(paths, { cache: true })
  expect(loaded.problems).toEqual([])
  // ...and the page whose data is not what its entry says is refused when it is asked for.
  const page = loaded.pages.find((p) => p.route === route)!
  expect(() => page.data).toThrow(DamagedPageCache)
  expect(() => page.data).toThrow(route)
  expect(existsSync(dir)).toBe(false)
  expect(cachedLoad(paths)).toMatchObject({ read: routes, checked: routes })
})

it('saves a shard at a time, yielding after each shard it writes and none for a shard that holds its pages already', () => {
  // Enough pages for several shards.
  const made = tempProject(generatedPages(600))
  const paths = projectPaths(made.root)
  cleanups.push(() => {
    rmSync(pageCacheDir(paths), { recursive: true, force: true })
    made.remove()
  })
  const routes = [...loadSite(paths, { cache: true }).routes.keys()]
  const cache = PageCache.open(paths)
  const kept = new Map(routes.map((route) => [route, cache.get(route)!]))
  const shards = readdirSync(pageCacheDir(paths)).filter((name) => /^shard-/.test(name)).length
  expect(shards).toBeGreaterThan(1)
  expect([...cache.saving(kept)], 'nothing changed: nothing written').toHaveLength(0)
  // One page's file seen with other bytes: its shard alone is written again.
  const [route, page] = [...kept][7]!
  expect([...cache.saving(new Map([...kept, [route, { ...page, file: { ...page.file, hash: `${page.file.hash}0` } }]]))]).toHaveLength(1)
  // With nothing kept, every shard is written, each its own step (the pages' data read first: its files go).
  for (const page of kept.values()) void page.check?.checked?.data
  rmSync(pageCacheDir(paths), { recursive: true, force: true })
  const empty = PageCache.open(paths)
  const steps = empty.saving(kept)
  steps.next()
  expect(readdirSync(pageCacheDir(paths)).filter((name) => /^shard-/.test(name)), 'one shard written by the first step').toHaveLength(1)
  expect([...steps]).toHaveLength(shards - 1)
  expect(PageCache.open(paths).get(route)?.file).toEqual(page.file)
})

it.each([
  ['on this thread', undefined],
  ['on worker threads', 2],
])('keeps a page under the bytes it read, when the file is written as it is read and later put back (%s)', async (_, workers) => {
  const { root, paths } = project()
  cachedLoad(paths)
  const page = join(root, 'pages/gen/p2.yaml')
  const before = readFileSync(page, 'utf8')
  const title = /^title: (.*)$/m.exec(before)![1]!
  // A shared block changed: every page is read again.
  edit(root, 'pages/_shared.yaml', (text) => `${text}\nraceNote:\n  type: intro\n  title: A block no page uses\n`)
  // The page is written after the run looked at the files and before it reads them (an editor saving meanwhile)...
  const progress: Progress = { phase: (name) => name === 'read' && writeFileSync(page, before.replace(`title: ${title}`, 'title: Written meanwhile')), tick() {}, end() {} }
  const racing = await loadSiteOnCores(paths, { cache: true, progress, ...(workers ? { workers } : {}) })
  expect(racing.pages.find((p) => p.route === '/gen/p2')?.title).toBe('Written meanwhile')
  // ...then put back as it was: the next run builds the page as the file says, not the bytes read in between.
  writeFileSync(page, before)
  const { loaded } = cachedLoad(paths)
  expect(loaded.pages.find((p) => p.route === '/gen/p2')?.title).toBe(title)
})

it('keeps a replaced data file for runs that opened the cache before, however long ago it was written', () => {
  const { root, paths } = project()
  cachedLoad(paths)
  const dir = pageCacheDir(paths)
  // Written an hour ago: no page changed since.
  const hourAgo = new Date(Date.now() - 3_600_000)
  for (const name of readdirSync(dir).filter((n) => n.startsWith('data-'))) utimesSync(join(dir, name), hourAgo, hourAgo)
  // A run opens the cache (a build, which asks for each page's data as it draws it)...
  const opened = loadSite(paths, { cache: true })
  // ...and another saves a page's edit, writing its shard's data anew, before the first has read the data.
  edit(root, 'pages/gen/p3.yaml', (text) => text.replace(/^title: (.*)$/m, 'title: $1, edited'))
  loadSite(paths, { cache: true })
  expect(opened.pages.find((p) => p.route === '/gen/p3')!.page.title).not.toContain('edited')
})

it('reads again a page moved to the other file of its route, so its problems name the file it is in now', () => {
  const { root, paths } = project()
  edit(root, 'pages/gen/p3.yaml', (text) => text.replace('type: hero', 'type: heor'))
  expect(cachedLoad(paths).loaded.problems.map((p) => p.file)).toEqual(['pages/gen/p3.yaml'])
  // Same bytes, same time, same route (a move keeps them all).
  mkdirSync(join(root, 'pages/gen/p3'))
  renameSync(join(root, 'pages/gen/p3.yaml'), join(root, 'pages/gen/p3/index.yaml'))
  expect(cachedLoad(paths).loaded.problems.map((p) => p.file)).toEqual(['pages/gen/p3/index.yaml'])
})

it('keeps a cache another project copy saved lately, however many copies save theirs after it', () => {
  const first = project()
  const opened = loadSite(first.paths, { cache: true })
  loadSite(first.paths, { cache: true })
  const reading = loadSite(first.paths, { cache: true })
  // More copies than the caches kept (a test run's, the bench's) save theirs while the first copy's run still reads its data.
  for (let i = 0; i < 5; i++) loadSite(project().paths, { cache: true })
  expect(existsSync(pageCacheDir(first.paths))).toBe(true)
  expect(reading.pages.map((p) => p.page.title)).toEqual(opened.pages.map((p) => p.page.title))
})
