import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadSite, projectPaths, type LoadedSite } from '../../../../src/compiler/index'
import { pageCacheDir } from '../../../../src/compiler/cache/page-cache'
import type { Progress } from '../../../../src/compiler/progress/progress'
import { generatedPages } from '../../../../scripts/bench-scale'
import { tempProject } from '../../../../scripts/temp-project'

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

it('checks every page again when one page changes what others are checked against, reading only it', () => {
  const { root, paths } = project()
  const routes = cachedLoad(paths).loaded.routes.size
  edit(root, 'pages/gen/p2.yaml', (text) => {
    const last = text.lastIndexOf('\n  - type: ')
    const end = text.indexOf('\n', last + 1)
    return `${text.slice(0, end)}\n    id: a-new-anchor${text.slice(end)}`
  })
  expect(cachedLoad(paths)).toMatchObject({ read: 1, checked: routes })
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

it("rewrites only the shard of the page that changed, and a shard's loss costs only its own pages", () => {
  const made = tempProject(generatedPages(600))
  const paths = projectPaths(made.root)
  cleanups.push(() => {
    rmSync(pageCacheDir(paths), { recursive: true, force: true })
    made.remove()
  })
  const { loaded } = cachedLoad(paths)
  const dir = pageCacheDir(paths)
  // Each write is a new file renamed into place: a shard written again has a new inode.
  const inodes = () => new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).ino]))
  const before = inodes()
  expect(before.size, 'the pages are spread over several shards').toBeGreaterThan(1)

  edit(made.root, 'pages/gen/p7.yaml', (text) => text.replace(/^title: .*$/m, 'title: Generated page seven, edited'))
  expect(cachedLoad(paths)).toMatchObject({ read: 1, checked: 1 })
  const after = inodes()
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
  expect([...after].filter(([name, ino]) => before.get(name) !== ino)).toHaveLength(1)

  const lost = [...after.keys()][0]!
  rmSync(join(dir, lost))
  const again = cachedLoad(paths)
  expect(again.read).toBeGreaterThan(0)
  expect(again.read).toBeLessThan(loaded.routes.size / 2)
  expect(existsSync(join(dir, lost)), 'written again').toBe(true)
})
