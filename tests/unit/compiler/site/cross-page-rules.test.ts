import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { checkAgainstSite, checkPageSource, loadSite, projectPaths, type ComparablePage } from '../../../../src/compiler/index'
import { pageDigest, sourceOf, type PageDigest, type PageSource } from '../../../../src/compiler/schema/page-rules'
import { problem } from '../../../../src/compiler/problems/errors'
import { parseYaml } from '../../../../src/compiler/yaml/parse-yaml'
import { lastKey } from '../../../../src/compiler/yaml/locate'
import type { Problem } from '../../../../src/compiler/problems/problems'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The studio checks a page as typed against the site's other pages through
 * an index (cross-page-rules.ts), which the whole site's check uses too.
 * It must say what the rules say stated plainly, one pair of pages at a
 * time (pairwise, below), at the typed page's places, with the typed page as
 * the newest file. Compared here on the real pages, each edited the ways an
 * author copies: another page's title or description, its hero, one of its
 * blocks, a back link to another page; and again with some pages timed
 * alike, where the rules fall back to route order.
 */
const loaded = loadSite(projectPaths(projectRoot))
const pages = [...loaded.routes].filter(([route]) => loaded.comparable.some((p) => p.route === route))
const textOf = (path: string) => readFileSync(path, 'utf8')

/** The page's text with `change` made to its parsed document. */
function edited(path: string, change: (doc: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(textOf(path))
  change(doc)
  return doc.toString()
}

function variants(path: string, otherPath: string): string[] {
  const other = parseDocument(textOf(otherPath))
  const texts = [textOf(path)]
  texts.push(edited(path, (doc) => doc.set('title', other.get('title'))))
  texts.push(edited(path, (doc) => doc.set('description', other.get('description'))))
  texts.push(edited(path, (doc) => doc.setIn(['blocks', 0], other.getIn(['blocks', 0]))))
  texts.push(edited(path, (doc) => (doc.get('blocks') as { add: (v: unknown) => void }).add(other.getIn(['blocks', 1]))))
  if (doc(path).hasIn(['blocks', 0, 'backLink', 'href'])) {
    for (const [route] of pages.slice(0, 6)) texts.push(edited(path, (d) => d.setIn(['blocks', 0, 'backLink', 'href'], route)))
  }
  return texts
}
const doc = (path: string) => parseDocument(textOf(path))

function bothWays(comparable: readonly ComparablePage[], route: string, file: string, text: string): { index: Problem[]; all: Problem[] } | undefined {
  const display = `pages/${file}`
  const bytes = new TextEncoder().encode(text)
  const checked = checkPageSource(display, bytes, loaded.schemas!, { fragments: loaded.sharedBlocks, media: loaded.media })
  if (!checked.page) return undefined
  const read = parseYaml(display, bytes)
  if (!read.ok) return undefined
  const index = checkAgainstSite({ comparable }, route, read.parsed, checked.page)
  const source = sourceOf(read.parsed)
  const all = pairwise(comparable, { route, source, digest: pageDigest(checked.page, source) })
  return { index, all }
}

interface Compared {
  route: string
  source: PageSource
  digest: PageDigest
  modified: number
}

/** The rules across pages, stated one pair of pages at a time: the problems at `typed`'s places, it being the newest file. */
function pairwise(comparable: readonly ComparablePage[], typed: Omit<Compared, 'modified'>): Problem[] {
  const me = { ...typed, modified: Infinity }
  const others: Compared[] = comparable.filter((p) => p.route !== me.route).map((p) => ({ route: p.route, source: p.source, digest: p.digest ?? pageDigest(p.page, p.source), modified: p.modified }))
  const routeFirst = (a: Compared, b: Compared) => a.route.localeCompare(b.route)
  const olderFirst = (a: Compared, b: Compared) => (a.modified === b.modified ? routeFirst(a, b) : a.modified - b.modified)
  /** Of the other pages for which `same` holds, the first in `order`, if it comes before the typed page. */
  const first = (same: (other: Compared) => boolean, order: (a: Compared, b: Compared) => number) => {
    const found = others.filter(same).sort(order)[0]
    return found && order(found, me) < 0 ? found : undefined
  }
  const problems = me.digest.starters.map((path) => problem('StarterText', { field: lastKey(path) ?? 'text' }, me.source.locate(path)))
  for (const part of ['title', 'text'] as const) {
    const words = me.digest.hero[part]
    const other = words === undefined ? undefined : first((o) => o.digest.hero[part] === words, olderFirst)
    if (other) problems.push(problem('CopiedHeroText', { field: part, other: other.source.file }, me.source.locate(['blocks', 0, part])))
  }
  const heroAt = problems.map((p) => `${p.line}:${p.column}`)
  for (const [hash, path] of me.digest.prose) {
    const other = first((o) => o.digest.prose.some(([h]) => h === hash), olderFirst)
    const at = me.source.locate(path)
    if (other && !heroAt.includes(`${at.line}:${at.column}`)) problems.push(problem('CopiedText', { field: String(lastKey(path)), other: other.source.file }, at))
  }
  const leadHere = others.filter((o) => o.digest.links.includes(me.route)).sort(routeFirst).map((o) => o.route)
  for (const [i, target] of me.digest.backLinks) {
    const there = target === me.route ? me.digest.links : others.find((o) => o.route === target)?.digest.links
    if (there && !there.includes(me.route) && leadHere.length) problems.push(problem('BackLinkDoesNotReturn', { target, route: me.route, leadHere }, me.source.locate(['blocks', i, 'backLink', 'href'])))
  }
  for (const part of ['title', 'description'] as const) {
    const other = first((o) => o.digest[part] === me.digest[part], routeFirst)
    if (other) problems.push(problem('SameAsOtherPage', { field: part, other: other.source.file }, me.source.locate([part])))
  }
  return problems
}

describe('the rules across pages, for one page as typed', () => {
  // Some pages timed alike (the same time, or removed since read): then route order decides which is the copy.
  const timedAlike = loaded.comparable.map((p, i) => (i % 3 === 0 ? { route: p.route, source: p.source, page: p.page, digest: p.digest, modified: Infinity } : p))
  // A later copy of some pages, words and all: the page typed was the original, and is now the newer file.
  const withCopies = [
    ...loaded.comparable,
    ...loaded.comparable
      .filter((_, i) => i % 4 === 0)
      .map((p) => ({ route: `${p.route}-copy`, source: { ...p.source, file: p.source.file.replace(/\.yaml$/, '-copy.yaml') }, page: p.page, digest: p.digest, modified: p.modified + 1 })),
  ]
  for (const [name, comparable] of [['as loaded', loaded.comparable], ['with pages timed alike', timedAlike], ['with copies of some pages', withCopies]] as const) {
    it(`say through the index what they say pair by pair (${name})`, () => {
      const codes = new Map<string, number>()
      let compared = 0
      pages.forEach(([route, path], i) => {
        const file = path.slice(projectPaths(projectRoot).pagesDir.length + 1)
        // Copied from the page before it in the list and from the last one: one comes before it in route order, one after.
        for (const otherPath of [pages[(i + pages.length - 1) % pages.length]![1], pages.at(-1)![1]]) {
          for (const text of variants(path, otherPath)) {
            const both = bothWays(comparable, route, file, text)
            if (!both) continue
            compared++
            expect(both.index, `${route}`).toEqual(both.all)
            for (const p of both.all) codes.set(p.code, (codes.get(p.code) ?? 0) + 1)
          }
        }
      })
      expect(compared).toBeGreaterThan(pages.length * 4)
      // Every rule was met, so each was compared with something to say.
      for (const code of ['CopiedHeroText', 'CopiedText', 'SameAsOtherPage', 'BackLinkDoesNotReturn']) expect(codes.get(code) ?? 0, code).toBeGreaterThan(0)
    })
  }
})
