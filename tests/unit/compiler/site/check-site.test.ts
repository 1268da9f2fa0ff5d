import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSite, loadSite, projectPaths } from '../../../../src/compiler/index'
import { checkSummaryDir } from '../../../../src/compiler/cache/check-summary'
import { generatedPages } from '../../../../scripts/bench-scale'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'
import { seededRandom } from '../../../support/seeded-random'

/**
 * `npm run check` after an edit reads only the pages changed since the last
 * check, from its summary and kept index (check-site.ts). Whatever the edit,
 * it must find what loading every page afresh finds: the same problems in
 * the same order, and the same count of pages. Generated pages are each
 * other's copies but for a "(copy n)" in their texts, so an edit can make a
 * page a copy of another (every rule across pages), take another's title,
 * break its own schema, point its back link at another page (who links to
 * whom), or only touch the file (which of two copies is newer).
 */
const count = 12
let root: string
let remove = () => {}
let originals: Record<string, string>
let clock = Date.now() + 10_000

beforeAll(() => {
  originals = generatedPages(count)
  // public/ copied: a test adds a picture to it.
  const project = tempProject(originals, { copy: ['public'] })
  root = project.root
  remove = project.remove
})
afterAll(() => remove())

const fileOf = (n: number) => `pages/gen/p${n}.yaml`

/** Write a page as a save does, each newer than the last. */
function write(n: number, text: string): void {
  const path = join(root, fileOf(n))
  writeFileSync(path, text)
  touch(path)
}

function touch(path: string): void {
  const at = new Date((clock += 1000))
  utimesSync(path, at, at)
}

const img = (name: string) => join(root, 'public/media/img', name)

/** A picture of public/ written from another (from the project's own public/ with `original`), newer than the last. */
function picture(name: string, from: string, original = false): void {
  copyFileSync(join(original ? projectRoot : root, 'public/media/img', from), img(name))
  touch(img(name))
}

/** Check, and compare with a load of every page with no cache at all. */
async function expectSameAsLoading(step: string) {
  const paths = projectPaths(root)
  const checked = await checkSite(paths)
  // Loading with what the check adds: the schemas' examples, checked as blocks of a page here.
  const whole = loadSite(paths, { schemaExamples: true })
  expect(checked.problems, step).toEqual(whole.problems)
  expect(checked.pages, step).toBe(whole.pages.length)
  return checked
}

const edits: Record<string, (n: number, other: number) => void> = {
  'a copy of another page': (n, other) => write(n, originals[fileOf(other)]!.replace(`Generated page ${other}`, `Generated page ${n}`)),
  "another page's title": (n, other) => write(n, originals[fileOf(n)]!.replace(`title: Generated page ${n}`, `title: Generated page ${other}`)),
  'a block type misspelled': (n) => write(n, originals[fileOf(n)]!.replace('type: hero', 'type: heor')),
  'its back link to another page': (n, other) => write(n, originals[fileOf(n)]!.replace('href: /b2b-audience', `href: /gen/p${other}`)),
  'its words restored': (n) => write(n, originals[fileOf(n)]!),
  // Links to page 0's table, by its id, from pages that stay as they are while that id is renamed (their links break) or the page removed.
  'a link to page 0’s table': (n) => write(n || 1, originals[fileOf(n || 1)]!.replace('href: /b2b-audience', 'href: /gen/p0#size-definition')),
  'page 0’s table id renamed': () => write(0, originals[fileOf(0)]!.replace('id: size-definition', `id: sizes-${clock}`)),
  'page 0 removed': () => rmSync(join(root, fileOf(0)), { force: true }),
  'the page removed': (n) => rmSync(join(root, fileOf(n)), { force: true }),
  'the file touched': (n) => (existsSync(join(root, fileOf(n))) ? touch(join(root, fileOf(n))) : write(n, originals[fileOf(n)]!)),
  // The files of public/ the pages show (each generated page, and /b2b/smes): replaced by another size, removed (their
  // pages' problem), put back; a smaller copy and a portrait beside them (in the pages' data); a file no page shows.
  'a picture they show replaced': (n) => picture('b2b-smes-check.webp', `avatar-${(n % 3) + 1}.webp`),
  'a picture they show removed': () => rmSync(img('b2b-smes-check.webp'), { force: true }),
  'the picture put back': () => picture('b2b-smes-check.webp', 'b2b-smes-check.webp', true),
  'a smaller copy beside it, or none': () => (existsSync(img('b2b-smes-640w.webp')) ? rmSync(img('b2b-smes-640w.webp')) : picture('b2b-smes-640w.webp', 'avatar-1.webp')),
  'a portrait beside the hero, or none': () => (existsSync(img('hero-b2b-smes-portrait.webp')) ? rmSync(img('hero-b2b-smes-portrait.webp')) : picture('hero-b2b-smes-portrait.webp', 'avatar-2.webp')),
  'a picture no page shows': () => picture(`unshown-${clock}.webp`, 'avatar-3.webp'),
  // A new route, its words another page's: the new file is the copy.
  'a new page, a copy of another': (n, other) => {
    const path = join(root, `pages/gen/extra-${n}-${other}-${clock}.yaml`)
    writeFileSync(path, originals[fileOf(other)]!.replace(`Generated page ${other}`, `Extra page ${clock}`))
    touch(path)
  },
}

describe('a check from the last check’s summary', () => {
  // Forty checks, each compared with a whole load: up to 20 s on two cores beside the other unit tests, so its own timeout.
  it('finds what loading every page finds, after each of a run of edits', async () => {
    const first = await expectSameAsLoading('the first check')
    expect(first.from).toBe('pages')
    const next = seededRandom(41)
    const kinds = Object.keys(edits)
    const seen = new Set<string>()
    for (let step = 0; step < 40; step++) {
      const kind = kinds[Math.floor(next() * kinds.length)]!
      const n = Math.floor(next() * count)
      const other = (n + 1 + Math.floor(next() * (count - 1))) % count
      edits[kind]!(n, other)
      const checked = await expectSameAsLoading(`step ${step}: page ${n}, ${kind} (${other})`)
      expect(checked.from, `step ${step}`).toBe('summary')
      for (const found of checked.problems) seen.add(found.code)
    }
    // The run went through a problem of every rule it can make, not only a clean site.
    expect([...seen].sort()).toEqual(expect.arrayContaining(['BackLinkDoesNotReturn', 'BrokenAnchor', 'BrokenLink', 'CopiedHeroText', 'CopiedText', 'MissingMedia', 'SameAsOtherPage', 'UnknownBlockType']))
  }, 60_000)

  it('loads every page when the edit changes what pages are checked against, or the kept index is gone', async () => {
    await expectSameAsLoading('a check to start from')
    // A page's id renamed: other pages' links to /route#id were checked against its ids, and those linking to it are checked again.
    write(3, originals[fileOf(3)]!.replace('id: size-definition', 'id: sizes'))
    expect((await expectSameAsLoading('a new id')).from).toBe('summary')
    // A picture no page shows, added and removed: from the summary, nothing checked again.
    picture('extra.webp', 'anim-1.webp')
    expect((await expectSameAsLoading('a picture added')).from).toBe('summary')
    rmSync(img('extra.webp'))
    expect((await expectSameAsLoading('the picture removed')).from).toBe('summary')
    // A picture every page shows, removed: the pages showing it report it, from the summary while they are few.
    rmSync(img('b2b-smes-check.webp'))
    const missing = await expectSameAsLoading('a picture the pages show, removed')
    expect(missing.from).toBe('summary')
    expect(missing.problems.filter((p) => p.code === 'MissingMedia').length).toBeGreaterThan(1)
    picture('b2b-smes-check.webp', 'b2b-smes-check.webp', true)
    const back = await expectSameAsLoading('the picture put back')
    expect(back.from).toBe('summary')
    expect(back.problems.filter((p) => p.code === 'MissingMedia')).toEqual([])
    // What every page is checked against changed otherwise (a shared block added): every page is loaded.
    const shared = readFileSync(join(root, 'pages/_shared.yaml'), 'utf8')
    writeFileSync(join(root, 'pages/_shared.yaml'), `${shared}\nanotherHeader:\n  type: intro\n  title: Another shared header\n`)
    expect((await expectSameAsLoading('a shared block added')).from).toBe('pages')
    writeFileSync(join(root, 'pages/_shared.yaml'), shared)
    expect((await expectSameAsLoading('the shared block gone')).from).toBe('pages')
    // A page linking to a page not written yet, then that page: read and checked here, and the link's problem goes.
    const brokenOnSix = (found: { problems: { file: string; code: string }[] }) => found.problems.some((p) => p.file === fileOf(6) && p.code === 'BrokenLink')
    write(6, originals[fileOf(6)]!.replace('href: /b2b-audience', 'href: /gen/coming'))
    expect(brokenOnSix(await expectSameAsLoading('a link to a page not written yet'))).toBe(true)
    writeFileSync(join(root, 'pages/gen/coming.yaml'), originals[fileOf(4)]!.replaceAll('(copy 4)', '(copy new)').replace('Generated page 4', 'Generated page new'))
    const coming = await expectSameAsLoading('the page it links to')
    expect(coming.from).toBe('summary')
    expect(brokenOnSix(coming)).toBe(false)
    // A page removed: the pages whose links led to it are checked again, and report it.
    rmSync(join(root, 'pages/gen/coming.yaml'))
    const gone = await expectSameAsLoading('a page removed')
    expect(gone.from).toBe('summary')
    expect(brokenOnSix(gone)).toBe(true)
    // The kept index's buckets removed: the summary cannot be used, and is made again.
    const dir = checkSummaryDir(projectPaths(root))
    for (const name of readdirSync(dir)) if (name.startsWith('rules-')) rmSync(join(dir, name))
    write(5, originals[fileOf(6)]!)
    expect((await expectSameAsLoading('no buckets')).from).toBe('pages')
    // The whole index, packed in one file by the check that made it, changed by hand (its length kept): no bucket of it is used.
    const { buckets } = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { buckets: (string | null)[] }
    const pack = buckets.find((ref) => ref?.startsWith('rules-pack-'))!.split('@')[0]!
    writeFileSync(join(dir, pack), readFileSync(join(dir, pack), 'utf8').replaceAll('/gen/', '/gem/'))
    write(5, originals[fileOf(5)]!)
    expect((await expectSameAsLoading('a damaged pack')).from).toBe('pages')
    write(7, originals[fileOf(8)]!)
    expect((await expectSameAsLoading('after the summary was made again')).from).toBe('summary')
    // What a check stopped mid-write left, an hour ago: the next check that writes removes it.
    const left = ['rules-pack-0123456789abcdef.json.4242.tmp', 'summary.json.0a1b2c3d.tmp']
    const anHourAgo = new Date(Date.now() - 3_600_000)
    for (const name of left) {
      writeFileSync(join(dir, name), '{')
      utimesSync(join(dir, name), anHourAgo, anHourAgo)
    }
    write(7, originals[fileOf(7)]!)
    expect((await expectSameAsLoading('with files left by a stopped check')).from).toBe('summary')
    expect(readdirSync(dir).filter((name) => left.includes(name))).toEqual([])
  })

  it('writes no bucket of the index when nothing changed', async () => {
    await expectSameAsLoading('a check to start from')
    const dir = checkSummaryDir(projectPaths(root))
    const buckets = () => readdirSync(dir).filter((name) => name.startsWith('rules-')).sort()
    const before = buckets()
    expect((await expectSameAsLoading('nothing changed')).from).toBe('summary')
    expect(buckets()).toEqual(before)
  })
})

describe('a schema saved while the check runs', () => {
  it('leaves nothing kept under the schemas before it: put back, the schema is checked against again', async () => {
    const project = tempProject(generatedPages(2), { copy: ['schema'] })
    try {
      const paths = projectPaths(project.root)
      const hero = join(project.root, 'schema/blocks/hero.schema.json')
      const loose = readFileSync(hero, 'utf8')
      const strict = loose.replace(/("title": \{[^}]*"maxLength": )\d+/, '$15')
      expect(strict).not.toBe(loose)
      writeFileSync(hero, strict)
      const expected = loadSite(paths, { schemaExamples: true }).problems
      expect(expected.length, 'every hero title is too long for the strict schema').toBeGreaterThan(2)
      // Loosened after the check took its key and before it read the schemas (an editor saving meanwhile)...
      const progress = { phase: (name: string) => name === 'read' && writeFileSync(hero, loose), tick() {}, end() {} }
      expect((await checkSite(paths, { progress })).problems).toEqual([])
      // ...and put back: the next check finds the problems a check with no cache finds.
      writeFileSync(hero, strict)
      expect((await checkSite(paths)).problems).toEqual(expected)
    } finally {
      project.remove()
    }
  }, 60_000)
})

describe('a page moved to the other file of its route', () => {
  it('is read again, from the summary, and its problems name the file it is in now', async () => {
    const project = tempProject(generatedPages(2))
    try {
      const paths = projectPaths(project.root)
      const page = join(project.root, 'pages/gen/p1.yaml')
      writeFileSync(page, readFileSync(page, 'utf8').replace('type: hero', 'type: heor'))
      expect((await checkSite(paths)).problems.map((p) => p.file)).toEqual(['pages/gen/p1.yaml'])
      mkdirSync(join(project.root, 'pages/gen/p1'))
      renameSync(page, join(project.root, 'pages/gen/p1/index.yaml'))
      const check = await checkSite(paths)
      expect(check.from).toBe('summary')
      expect(check.problems).toEqual(loadSite(paths).problems)
      expect(check.problems.map((p) => p.file)).toEqual(['pages/gen/p1/index.yaml'])
    } finally {
      project.remove()
    }
  })
})
