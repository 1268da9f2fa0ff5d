import { readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadSite, projectPaths, sharedFile } from '../../../../src/compiler/index'
import { pageCacheDir } from '../../../../src/compiler/cache/page-cache'
import { hashOf } from '../../../../src/studio/server/project/page-files'
import { StudioProject } from '../../../../src/studio/server/project/project'
import { pagesAnswer } from '../../../../src/studio/server/routes/pages'
import type { RouteContext } from '../../../../src/studio/server/routes/route'
import { tempProject } from '../../../../scripts/temp-project'
import { changeKeptPageData } from '../../../support/kept-page-data'
import { parse } from 'yaml'

/**
 * The studio's checks as the author types, without a browser: the shared
 * blocks' file is checked as the build checks it, and the page list's counts
 * follow a save at once.
 */
let project: ReturnType<typeof tempProject>
let studio: StudioProject
let shared: string

beforeAll(() => {
  project = tempProject()
  studio = new StudioProject(projectPaths(project.root))
  shared = readFileSync(join(project.root, 'pages', sharedFile), 'utf8')
})
afterAll(async () => {
  // A whole read after a save of the site settings may still be under way: it ends before its folder goes.
  await studio.close()
  project.remove()
})

/** The first "type: x" line of the shared file, as [offset of x, x]. */
function firstType(text: string): [number, string] {
  const match = /^ +type: ([\w-]+)$/m.exec(text)!
  return [match.index + match[0].indexOf(match[1]!), match[1]!]
}

describe('pages/_shared.yaml in the studio', () => {
  it('has no problems as it is', () => {
    expect(studio.check(sharedFile, shared).problems).toEqual([])
  })

  it('gets a located block-type problem with its suggestion while typed, as the build reports it', () => {
    const [at, type] = firstType(shared)
    const typo = `${type.slice(0, -2)}${type.at(-1)}${type.at(-2)}`
    const text = shared.slice(0, at) + typo + shared.slice(at + type.length)
    const line = text.slice(0, at).split('\n').length
    const [found] = studio.check(sharedFile, text).problems
    expect(found).toMatchObject({ file: `pages/${sharedFile}`, line, column: at - text.lastIndexOf('\n', at - 1) })
    expect(found!.code).toBe('UnknownBlockType')
    expect(found!.hint).toContain(`Did you mean "${type}"?`)
  })

  it('gets a field its block does not have, at that field', () => {
    const [at] = firstType(shared)
    const lineEnd = shared.indexOf('\n', at)
    const indent = /^ */.exec(shared.slice(shared.lastIndexOf('\n', at) + 1))![0]
    const text = `${shared.slice(0, lineEnd)}\n${indent}colour: green${shared.slice(lineEnd)}`
    const line = text.slice(0, lineEnd + 1).split('\n').length
    expect(studio.check(sharedFile, text).problems).toMatchObject([{ code: 'UnknownField', line, column: indent.length + 1 }])
  })
})

describe('the page list after a save', () => {
  it('counts the saved file’s problems at once, before any file watcher runs', () => {
    const [page] = studio.list().filter((f) => f.route && f.problems === 0)
    const before = studio.read(page!.file)
    const broken = before.text.replace(/^title: .*$/m, 'title:')
    studio.save(page!.file, broken, before.hash, false)
    // The one problem: a title with nothing after its colon.
    expect(studio.list().find((f) => f.file === page!.file)!.problems).toBe(1)
    studio.save(page!.file, before.text, studio.read(page!.file).hash, false)
    expect(studio.list().find((f) => f.file === page!.file)!.problems).toBe(0)
  })
})

describe('the rules across pages, as the author types', () => {
  it('a copy made like a sibling lists its starter description and the words it shares with the sibling, and still renders', () => {
    const sibling = studio.list().find((f) => f.route?.split('/').length === 3 && f.problems === 0)!
    const text = studio.read(sibling.file).text.replace(/^description: .*$/m, 'description: What a visitor finds on the Copy page, in a sentence or two.')
    const result = studio.check('b2b/a-copy.yaml', text)
    const codes = new Set(result.problems.map((p) => p.code))
    expect([...codes].sort()).toEqual(['CopiedHeroText', 'CopiedText', 'StarterText'])
    expect(result.problems.every((p) => p.file === 'pages/b2b/a-copy.yaml')).toBe(true)
    expect(result.problems.find((p) => p.code === 'CopiedHeroText')!.message).toContain(`pages/${sibling.file}`)
    // The page itself is fine to draw: the preview follows the typing.
    expect(result.page).toBeDefined()
  })

  it('the sibling itself, typed in, is not blamed for its own words', () => {
    const sibling = studio.list().find((f) => f.route?.split('/').length === 3 && f.problems === 0)!
    expect(studio.check(sibling.file, studio.read(sibling.file).text).problems).toEqual([])
  })
})

describe('New page as a copy with its words emptied', () => {
  it("keeps the copied page's blocks, links (with their labels) and pictures (with what they show), empties every word of its blocks, and leaves only words to write", async () => {
    // The first detail page under a hub, found from the pages: a page with a back link in its hero.
    const source = studio.list().find((f) => f.route && f.route.split('/').length === 3)!
    const original = readFileSync(join(project.root, 'pages', source.file), 'utf8')
    const made = await studio.create('/b2b/word-check', source.route!, { clearWords: true })
    const text = readFileSync(join(project.root, 'pages', made.file), 'utf8')
    const copied = parse(original) as { blocks: Record<string, unknown>[] }
    const page = parse(text) as { title: string; blocks: Record<string, unknown>[] }
    expect(page.blocks.map((b) => b.type)).toEqual(copied.blocks.map((b) => b.type))
    // Links and pictures are the source's; no text of the source's blocks is left.
    const strings = (value: unknown, key = ''): [string, string][] =>
      Array.isArray(value) ? value.flatMap((v) => strings(v, key)) : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => strings(v, k)) : typeof value === 'string' ? [[key, value]] : []
    const kept = strings(page.blocks).filter(([, v]) => v !== '')
    expect(kept.every(([k]) => ['type', 'href', 'label', 'src', 'alt', 'webm', 'mp4', 'icon', 'colour', 'size', 'id', 'open'].includes(k)), JSON.stringify(kept)).toBe(true)
    expect(kept).toEqual(strings(copied.blocks).filter(([k, v]) => ['type', 'href', 'label', 'src', 'alt', 'webm', 'mp4', 'icon', 'colour', 'size', 'id', 'open'].includes(k) && v !== ''))
    // What is left to do is writing: every problem is an empty text.
    expect(new Set(made.problems.map((p) => p.code))).toEqual(new Set(['EmptyValue']))
  })
})

describe('New page linked from its hub and a menu in the same step', () => {
  const pageOf = (file: string) => parse(readFileSync(join(project.root, 'pages', file), 'utf8')) as Record<string, unknown>
  /** The lines of `after` that are not in `before`, when `after` is `before` with lines put in and nothing else changed; undefined otherwise. */
  const insertedLines = (before: string, after: string): string[] | undefined => {
    const old = before.split('\n')
    const added: string[] = []
    let i = 0
    for (const line of after.split('\n')) {
      if (i < old.length && line === old[i]) i++
      else added.push(line)
    }
    return i === old.length ? added : undefined
  }

  it('offers the items that link to the copied page, and the end of every list of links in the site settings', () => {
    const site = pageOf('_site.yaml') as { header: { menus: { label: string }[] } }
    const detail = studio.list().find((f) => f.route && f.route.split('/').length === 3)!
    const places = studio.linkPlaces(detail.route)
    const copies = places.filter((p) => p.copyOf)
    // As many as the items of the pages' lists that link to it.
    const linking = (value: unknown, inList = false): number =>
      Array.isArray(value) ? value.reduce<number>((n, item) => n + linking(item, true), 0) : value && typeof value === 'object' ? (inList && Object.values(value).includes(detail.route) ? 1 : 0) + Object.values(value).reduce<number>((n, v) => n + linking(v), 0) : 0
    const pages = studio.list().filter((f) => f.route).map((f) => pageOf(f.file))
    expect(copies.length, 'the items that link to the detail page').toBe(pages.reduce((n, p) => n + linking(p.blocks), 0))
    expect(copies.length).toBeGreaterThanOrEqual(1)
    for (const place of copies) {
      const item = place.copyOf!.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], pageOf(place.file)) as Record<string, unknown>
      expect(Object.values(item)).toContain(detail.route)
      expect(place.index).toBe((place.copyOf!.at(-1) as number) + 1)
    }
    site.header.menus.forEach((menu, i) => {
      const place = places.find((p) => p.file === '_site.yaml' && JSON.stringify(p.list) === JSON.stringify(['header', 'menus', i, 'links']))
      expect(place?.label, `the ${menu.label} menu`).toContain(`“${menu.label}”`)
    })
    // Without a page to copy, only the settings' lists are offered.
    expect(studio.linkPlaces(undefined).every((p) => p.file === '_site.yaml' && !p.copyOf)).toBe(true)
  })

  it("puts a copy of the hub's card after the copied page's card, and a link in the first menu where its place says, their words to write and nothing else changed", async () => {
    const detail = studio.list().find((f) => f.route && f.route.split('/').length === 3)!
    const places = studio.linkPlaces(detail.route)
    const card = places.find((p) => p.copyOf && p.file !== '_site.yaml')!
    const menu = places.find((p) => JSON.stringify(p.list) === JSON.stringify(['header', 'menus', 0, 'links']))!
    const hubBefore = studio.read(card.file).text
    const siteBefore = studio.read('_site.yaml').text
    const made = await studio.create('/b2b/linked-check', detail.route, { clearWords: true, linkFrom: [card.id, menu.id] })
    try {
    expect(made.linked.sort()).toEqual([card.file, '_site.yaml'].sort())

    const at = (data: unknown, path: readonly (string | number)[]) => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], data) as unknown[]
    const cards = at(pageOf(card.file), card.list) as Record<string, unknown>[]
    const copied = cards[card.index - 1]!
    const added = cards[card.index]!
    // The copy keeps what is not words (its symbol, picture) and leads to the new page; its words wait for the author's.
    for (const [key, value] of Object.entries(copied)) {
      if (value === detail.route) expect(added[key], key).toBe('/b2b/linked-check')
      else if (typeof value === 'string' && (key === 'icon' || key === 'image' || key === 'src')) expect(added[key], key).toEqual(value)
    }
    expect(Object.values(added).filter((v) => typeof v === 'string' && v !== '' && v !== '/b2b/linked-check' && !Object.values(copied).includes(v))).toEqual([])
    const links = at(pageOf('_site.yaml'), menu.list) as Record<string, unknown>[]
    // Where the place said: under the menu's link to the copied page's hub, or at the end.
    expect(links[menu.index]).toMatchObject({ href: '/b2b/linked-check' })
    if (menu.after) expect(links[menu.index - 1]!.href, 'the menu link above it leads to the hub').toBe(`/${card.file.replace(/\.yaml$/, '')}`)
    else expect(menu.index).toBe(links.length - 1)

    // Lines were put in; none of the author's lines changed.
    // The card's lines (its fields and the blank line that parts the cards), and the link's label and address.
    expect(insertedLines(hubBefore, studio.read(card.file).text)).toEqual(expect.arrayContaining([expect.stringMatching(/href: \/b2b\/linked-check$/)]))
    expect(insertedLines(siteBefore, studio.read('_site.yaml').text)?.map((l) => l.trim())).toEqual(['- label: ""', 'href: /b2b/linked-check'])
    // What is left on the hub and in the settings is their words to write.
    const counts = new Map(studio.list().map((f) => [f.file, f.problems]))
    // One for each text of the card left to write (the picture keeps what it shows), and one for the link's label.
    const toWrite = Object.values(added).filter((v) => v === '')
    expect(toWrite.length).toBeGreaterThanOrEqual(2)
    expect(counts.get(card.file)).toBe(toWrite.length)
    expect(counts.get('_site.yaml')).toBe(1)
    } finally {
      studio.save(card.file, hubBefore, studio.read(card.file).hash, false)
      studio.save('_site.yaml', siteBefore, studio.read('_site.yaml').hash, false)
      await studio.remove(made.file)
    }
  })

  it('writes nothing when a picked place is gone or its file has unsaved edits', async () => {
    const detail = studio.list().find((f) => f.route && f.route.split('/').length === 3)!
    const card = studio.linkPlaces(detail.route).find((p) => p.copyOf)!
    const before = studio.read(card.file).text
    await expect(studio.create('/b2b/gone-check', detail.route, { linkFrom: ['copy:nowhere.yaml:[]'] })).rejects.toThrow(/no longer there/)
    await expect(studio.create('/b2b/gone-check', detail.route, { linkFrom: [card.id], hasDraft: (file) => file === card.file })).rejects.toThrow(/have not saved/)
    expect(studio.list().some((f) => f.route === '/b2b/gone-check')).toBe(false)
    expect(studio.read(card.file).text).toBe(before)
  })
})

/** A studio of its own on a copy of the project, for a test that changes pages; closed, and the copy removed, after `test`. */
async function onOwnCopy(test: (own: StudioProject) => Promise<void>): Promise<void> {
  const copy = tempProject()
  const own = new StudioProject(projectPaths(copy.root))
  try {
    await test(own)
  } finally {
    await own.close()
    copy.remove()
  }
}

/** Save a page with a title with nothing after it: one problem of its own. */
function saveWithEmptyTitle(own: StudioProject, file: string): void {
  const before = own.read(file)
  own.save(file, before.text.replace(/^title: .*$/m, 'title:'), before.hash, false)
}

describe('a save of the shared blocks', () => {
  it('is answered at once, with every page read again off this thread after it: the list has the change once that read is done, and the studio is told', async () => {
    await onOwnCopy(async (own) => {
      let told = 0
      own.onReread = () => told++
      const { text, hash } = own.read(sharedFile)
      const [at, type] = firstType(text)
      // A block type no schema has, in a block the pages use: every page is read again with it.
      const broken = `${text.slice(0, at)}nosuchblock${text.slice(at + type.length)}`
      expect(own.save(sharedFile, broken, hash, false).problems.map((p) => p.code)).toContain('UnknownBlockType')
      const listed = () => own.list().find((f) => f.file === sharedFile)!.problems
      // At 10,000 pages that read took about 5 s, and the save's answer waited for it, the studio answering nothing else.
      expect(listed(), 'not read with every page before the answer').toBe(0)
      await own.idle()
      expect(listed()).toBeGreaterThan(0)
      expect(told).toBe(1)
      // Put back: a page's save in place meanwhile is not lost by the whole read that follows.
      own.save(sharedFile, text, own.read(sharedFile).hash, false)
      const [page] = own.list().filter((f) => f.route && f.problems === 0)
      saveWithEmptyTitle(own, page!.file)
      await own.idle()
      expect(listed()).toBe(0)
      expect(own.list().find((f) => f.file === page!.file)!.problems).toBe(1)
    })
  })
})

describe('a rename', () => {
  it('reports the links it broke elsewhere, not the page’s own problems under its new name; both names, heard after it, are not read again whole', async () => {
    await onOwnCopy(async (own) => {
      // A detail page, which its hub links to, with a problem of its own.
      const detail = own.list().find((f) => f.route && f.route.split('/').length === 3 && f.problems === 0)!
      saveWithEmptyTitle(own, detail.file)
      const moved = await own.rename(detail.file, `${detail.route}-moved`)
      expect(moved.broken.length, 'the hub’s link to the old address').toBeGreaterThan(0)
      expect(moved.broken.every((p) => p.code.includes('Link') || p.message.includes(detail.route!))).toBe(true)
      expect(moved.broken.filter((p) => p.file === `pages/${moved.file}`)).toEqual([])
      // The watcher then hears both names: the site has them as they are, and is not read again whole for them.
      const settled = await Promise.race([own.update([detail.file, moved.file]).then(() => 'at once'), new Promise((done) => setImmediate(() => done('after a whole read')))])
      expect(settled).toBe('at once')
    })
  })
})

describe('the studio’s start', () => {
  it('opens on the site’s shell at once: a page is checked and previewed against every route, and the rules across pages join when every page is read', async () => {
    const copy = tempProject()
    try {
      const paths = projectPaths(copy.root)
      const whole = loadSite(paths)
      // Two pages of the site as it is; the second given the first one's title, which the rules across pages refuse.
      const [first, second] = whole.pages
      const file = relative(paths.pagesDir, second!.path)
      const text = readFileSync(second!.path, 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(first!.title)}`)
      const studio = StudioProject.open(paths)

      expect(studio.checked).toBe(false)
      const listed = studio.list()
      expect(listed.filter((f) => f.route).map((f) => f.route).sort()).toEqual([...whole.routes.keys()].sort())
      expect(listed.some((f) => f.route && f.title)).toBe(false)
      const early = studio.check(file, text)
      expect(early.problems).toEqual([])
      expect(early.page?.title).toBe(first!.title)

      await studio.ready
      expect(studio.checked).toBe(true)
      expect(studio.list().find((f) => f.route === second!.route)?.title).toBe(second!.title)
      const checked = studio.check(file, text)
      expect(checked.problems.map((p) => p.code)).toContain('SameAsOtherPage')
      // The text as saved has no problem, then as before.
      expect(studio.check(file, readFileSync(second!.path, 'utf8')).problems).toEqual([])
    } finally {
      copy.remove()
    }
  })

  it('saves a page while every page is still being read, and reads it with them once they are', async () => {
    const copy = tempProject()
    try {
      const paths = projectPaths(copy.root)
      const [first, second] = loadSite(paths).pages
      const file = relative(paths.pagesDir, second!.path)
      const before = readFileSync(second!.path)
      // The first page's title: a problem only the rules across pages find.
      const text = before.toString('utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(first!.title)}`)
      const studio = StudioProject.open(paths)
      expect(studio.checked).toBe(false)
      const saved = studio.save(file, text, hashOf(before), false)
      expect(studio.checked, 'answered before the read ends').toBe(false)
      expect(saved).toEqual({ hash: hashOf(text), problems: [] })
      expect(readFileSync(second!.path, 'utf8')).toBe(text)
      await studio.ready
      const listed = studio.list().find((f) => f.route === second!.route)
      expect(listed?.title).toBe(first!.title)
      expect(listed?.problems).toBeGreaterThan(0)
      await studio.close()
    } finally {
      copy.remove()
    }
  })

  it('takes the pages a check kept, with every page’s data read at once (it runs longer than the cache keeps a replaced file)', async () => {
    const copy = tempProject()
    try {
      const paths = projectPaths(copy.root)
      loadSite(paths, { cache: true })
      // A kept page's data changed by hand: a studio that reads the kept data at its start meets it there.
      changeKeptPageData(pageCacheDir(paths))
      // The studio says so, and reads again: the cache went with it, so every page is read, and it has them all.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      try {
        const studio = StudioProject.open(paths)
        await studio.ready
        expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toContain('is damaged')
        expect(studio.list().filter((f) => f.route).length).toBe(loadSite(paths).routes.size)
        expect(studio.list().every((f) => !f.route || f.title)).toBe(true)
      } finally {
        warn.mockRestore()
      }
    } finally {
      rmSync(pageCacheDir(projectPaths(copy.root)), { recursive: true, force: true })
      copy.remove()
    }
  })

  /**
   * A studio opened on a copy whose schemas and pages go at once, so that
   * its first read fails, with what it says on the console caught.
   */
  async function withFailingRead(test: (studio: StudioProject, said: { warned: () => string[]; errors: () => string[] }) => Promise<void>): Promise<void> {
    const copy = tempProject()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const studio = StudioProject.open(projectPaths(copy.root))
      rmSync(join(copy.root, 'schema'), { recursive: true, force: true })
      rmSync(join(copy.root, 'pages'), { recursive: true, force: true })
      await test(studio, { warned: () => warn.mock.calls.map((call) => String(call[0])), errors: () => error.mock.calls.map((call) => String(call[0])) })
    } finally {
      warn.mockRestore()
      error.mockRestore()
      copy.remove()
    }
  }
  const pagesOf = (studio: StudioProject) => pagesAnswer({ project: studio, drafts: { list: () => [] } } as unknown as RouteContext)

  it('says why when every try of the first read fails, and the pages list says so instead of checking', async () => {
    await withFailingRead(async (studio, said) => {
      expect(pagesOf(studio).checking).toBe(true)
      // Gone for every try, not just the first.
      await expect(studio.ready).rejects.toThrow()
      await vi.waitFor(() => expect(studio.unread).toBeDefined())
      const answer = pagesOf(studio)
      expect(answer.checking).toBeUndefined()
      expect(answer.unread).toBe(studio.unread)
      expect(answer.unread).toMatch(/ENOENT|no such file/)
      expect(said.warned()).toEqual([expect.stringContaining('reading them again'), expect.stringContaining('reading them again')])
      expect(said.errors()).toEqual(['Studio: the pages could not be read:'])
      await studio.close()
    })
  })

  it('reads no more once closed: a read that then fails is not tried again nor reported, and close() returns when it has ended', async () => {
    await withFailingRead(async (studio, said) => {
      // The folder going as the studio closes, as a test's does: the read under way fails.
      await studio.close()
      // ready settles when the loop of tries has ended: a try after the close would have warned before it ("reading them again").
      await expect(studio.ready).rejects.toThrow()
      expect([...said.warned(), ...said.errors()]).toEqual([])
      expect(studio.unread).toBeUndefined()
    })
  })
})
