import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPaths, sharedFile } from '../../src/compiler/index'
import { StudioProject } from '../../src/studio/server/project'
import { tempProject } from '../../scripts/temp-project'
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
afterAll(() => project.remove())

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
    expect(studio.list().find((f) => f.file === page!.file)!.problems).toBeGreaterThan(0)
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
  it("keeps the copied page's blocks, links and pictures, empties every word of its blocks, and leaves only words to write", () => {
    // The first detail page under a hub, found from the pages: a page with a back link in its hero.
    const source = studio.list().find((f) => f.route && f.route.split('/').length === 3)!
    const original = readFileSync(join(project.root, 'pages', source.file), 'utf8')
    const made = studio.create('/b2b/word-check', source.route!, { clearWords: true })
    const text = readFileSync(join(project.root, 'pages', made.file), 'utf8')
    const copied = parse(original) as { blocks: Record<string, unknown>[] }
    const page = parse(text) as { title: string; blocks: Record<string, unknown>[] }
    expect(page.blocks.map((b) => b.type)).toEqual(copied.blocks.map((b) => b.type))
    // Links and pictures are the source's; no text of the source's blocks is left.
    const strings = (value: unknown, key = ''): [string, string][] =>
      Array.isArray(value) ? value.flatMap((v) => strings(v, key)) : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => strings(v, k)) : typeof value === 'string' ? [[key, value]] : []
    const kept = strings(page.blocks).filter(([, v]) => v !== '')
    expect(kept.every(([k]) => ['type', 'href', 'src', 'webm', 'mp4', 'icon', 'colour', 'size', 'id', 'open'].includes(k)), JSON.stringify(kept)).toBe(true)
    expect(kept).toEqual(strings(copied.blocks).filter(([k]) => ['type', 'href', 'src', 'webm', 'mp4', 'icon', 'colour', 'size', 'id', 'open'].includes(k)))
    // What is left to do is writing: every problem is an empty text.
    expect(new Set(made.problems.map((p) => p.code))).toEqual(new Set(['EmptyValue']))
  })
})
