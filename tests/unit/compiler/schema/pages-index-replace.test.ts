import { describe, expect, it } from 'vitest'
import { indexAfterReplacing, indexOf, PagesIndex, type PageAmongOthers } from '../../../../src/compiler/site/cross-page-rules'
import type { PageDigest } from '../../../../src/compiler/schema/page-rules'
import type { Page } from '../../../../src/generated/schema-types'
import { seededRandom } from '../../../support/seeded-random'

/**
 * The index of the rules across pages, changed in place as one page's file
 * changes (the dev server, the studio), must answer as an index made afresh
 * from the pages as they now are. Pages here are digests drawn from small
 * pools, so titles, descriptions, hero words and sentences collide often,
 * files share times, links and back links come and go, and pages drop out
 * and come back; after every change both indexes give every problem alike.
 */

const routes = ['/', '/a', '/a/b', '/b', '/b/a', '/c', '/d', '/e', '/f', '/g', '/h', '/i']

function page(route: string, next: () => number): PageAmongOthers {
  const pick = <T,>(pool: readonly T[]) => pool[Math.floor(next() * pool.length)]!
  const some = <T,>(pool: readonly T[], share: number) => pool.filter(() => next() < share)
  const digest: PageDigest = {
    starters: next() < 0.1 ? [['blocks', 1, 'text']] : [],
    hero: { ...(next() < 0.8 ? { title: pick(['hero one', 'hero two', 'hero three']) } : {}), ...(next() < 0.6 ? { text: pick(['words one', 'words two']) } : {}) },
    prose: some(['s1', 's2', 's3', 's4', 's5', 's6'], 0.3).map((text, i) => [text, ['blocks', i + 1, 'text']]),
    links: some(routes, 0.2),
    backLinks: next() < 0.4 ? [[0, pick(routes)]] : [],
    title: pick(['title one', 'title two', 'title three', 'title four', 'title five']),
    description: pick(['about one', 'about two', 'about three', 'about four']),
  }
  const file = `pages${route === '/' ? '/index' : route}.yaml`
  // A place per path, always the same for the same path.
  const locate = (path: readonly (string | number)[]) => ({ file, line: path.length + 1, column: JSON.stringify(path).length })
  return { route, source: { file, locate, usesShared: () => false }, page: {} as Page, modified: pick([1, 2, 3, 4]), digest }
}

describe('the index of the rules across pages, one page replaced at a time', () => {
  it('answers after each of 400 changes as an index made afresh', () => {
    const next = seededRandom(27)
    const current = new Map(routes.filter(() => next() < 0.8).map((route) => [route, page(route, next)]))
    const index = new PagesIndex([...current.values()])
    let problems = 0
    let named = 0
    let before = index.everyPage()
    for (let step = 0; step < 400; step++) {
      const route = routes[Math.floor(next() * routes.length)]!
      const replaced = next() < 0.2 ? undefined : page(route, next)
      if (replaced) current.set(route, replaced)
      else current.delete(route)
      // What the site said before the change is its own (a loaded site never changes): the change leaves it as it was.
      const said = structuredClone(before)
      const eachBefore = new Map(routes.map((r) => [r, index.problemsAt(r)]))
      const changed = index.replace(route, replaced)
      expect(before, `what was said before change ${step}`).toEqual(said)
      const fresh = new PagesIndex([...current.values()]).everyPage()
      before = index.everyPage()
      expect(before, `after change ${step} (${route} ${replaced ? 'replaced' : 'taken out'})`).toEqual(fresh)
      // Every page whose problems changed is among those replace named: a check after an edit asks only them again.
      for (const other of routes) if (!changed.has(other)) expect(index.problemsAt(other), `${other}'s problems, not named after change ${step}`).toEqual(eachBefore.get(other))
      named += changed.size
      problems += [...fresh.values()].flat().length
    }
    // The walk went through sites with problems of every rule, not only clean ones.
    expect(problems).toBeGreaterThan(400)
    // Texts here are drawn from small pools, so most pages share one with the page replaced; never all of them each time.
    expect(named / 400).toBeLessThan(routes.length)
    // A page replaced by the same page (a file saved unchanged) changes no one else's problems.
    for (const same of current.values()) expect([...index.replace(same.route, same)]).toEqual([same.route])
  })

  it('hands a list’s index over to the list after a change, and the old list gets one of its own again', () => {
    const next = seededRandom(5)
    const before = routes.map((route) => page(route, next))
    const index = indexOf(before)
    const changed = page('/c', next)
    const after = [...before.filter((p) => p.route !== '/c'), changed]
    const handed = indexAfterReplacing(before, after, '/c', changed)
    expect(handed.index).toBe(index)
    expect(handed.changed).toContain('/c')
    expect(indexOf(after)).toBe(index)
    const again = indexOf(before)
    expect(again).not.toBe(index)
    expect(again.everyPage()).toEqual(new PagesIndex(before).everyPage())
    expect(index.everyPage()).toEqual(new PagesIndex(after).everyPage())
  })
})
