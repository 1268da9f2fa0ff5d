import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { lastKey } from '../yaml/locate.ts'
import { digestOf, pageDigest, type PageDigest, type PageSource } from '../schema/page-rules.ts'
import type { Page } from '../../generated/schema-types.ts'

/** A page as the rules across pages read it; its digest is worked out when it comes without one. */
export interface PageAmongOthers {
  route: string
  source: PageSource
  page: Page
  /** When its file last changed: of two pages with the same words, the newer is the copy. */
  modified?: number
  digest?: PageDigest
}

/** A page as the index holds it. */
interface Entry {
  route: string
  file: string
  modified: number
}

/**
 * Where an index keeps one kind of list by key: a Map, or a kept index's
 * buckets on disk (cache/rules-buckets.ts), which read a bucket when first
 * asked. A list changed in place is always set again, so a kept bucket
 * knows it has changed.
 */
export interface Lists<T> {
  get(key: string): T | undefined
  set(key: string, value: T): unknown
  delete(key: string): unknown
}

/** The lists of an index, one per kind. */
export type ListsOf = <T>(kind: string) => Lists<T>

const inMemory: ListsOf = () => new Map()

/** What the index keeps of a page: its entry and digest (its source is kept apart: it locates by parsing, and is not kept on disk). */
interface Kept {
  entry: Entry
  digest: PageDigest
}

/** A rule comparing texts: the pages that have each, and which texts of a page it compares. */
interface TextRule {
  holders: Holders
  texts: (digest: PageDigest) => (string | undefined)[]
}

/**
 * The rules across pages (checked once every page is valid, so a page
 * still being written is not blocked by them):
 * - no text is still new-page's placeholder;
 * - no page opens with another page's hero words, and no sentence of a
 *   page's own blocks says word for word what another page says: left over
 *   from a copy (new-page --like, or copy and paste). The newer file is the
 *   copy (`modified`, when known; files of the same time in route order),
 *   so the page it was copied from is never blamed;
 * - no two pages share a title or a description. The later page in route
 *   order is blamed, so "/" never is;
 * - a back link returns to a page that leads here (see backLinkProblems).
 * Each problem is reported at the copy's own field, naming the first page.
 *
 * What each rule compares is gathered once into maps from the compared
 * text to the pages that have it, in the rule's order (Holders).
 * A page's problems are then a look-up per text of its digest, so the
 * whole site costs one pass, and one page typed in the studio costs its
 * own digest, not a pass over every page (at 10,000 pages, too slow for
 * each key typed: docs/measurements.md, "Loading and checking the site").
 * One page's file changed (the dev server, the studio, a check after an
 * edit) changes the index in place (replace), instead of gathering every
 * page's texts again, and says which pages' problems it may have changed.
 *
 * The lists live in Maps, or in buckets kept on disk between checks
 * (PagesIndex.kept): a check after one page's edit reads the few buckets
 * that page's texts and links are in, not every page's digest.
 */
export class PagesIndex {
  /** Every page's entry and digest, by route. */
  private readonly pages: Lists<Kept>
  /** The routes in order, for everyPage: an index made of pages has them, a kept one does not. */
  private readonly order?: string[]
  /** The sources of the pages given (a kept index's pages are located by sourceOf). */
  private readonly sources = new Map<string, PageSource>()
  private readonly heroTitles: Holders
  private readonly heroTexts: Holders
  private readonly prose: Holders
  private readonly titles: Holders
  private readonly descriptions: Holders
  /** Each rule's texts of a digest, with their index: made once, not per page. */
  private readonly textRules: TextRule[]
  /** The fields each rule compares, with their index: made once, not per page. */
  private readonly heroFields: readonly (readonly ['title' | 'text', Holders])[]
  private readonly pageFields: readonly (readonly ['title' | 'description', Holders])[]
  /** Who links to each page (never itself), in route order. */
  private readonly linkedFrom: Lists<string[]>
  /** Who has a back link to each page, in route order: their back links' problems read its links. */
  private readonly backLinkedFrom: Lists<string[]>

  /**
   * The index of `pages`, its lists in memory, or in `lists` (a kept
   * index's buckets, empty, being filled). `sourceOf` locates a page the
   * index holds but was not given here (a kept index's).
   */
  constructor(
    pages: readonly PageAmongOthers[],
    lists: ListsOf = inMemory,
    private readonly sourceOf?: (route: string, file: string) => PageSource,
    withOrder = true,
  ) {
    this.pages = lists('pages')
    this.heroTitles = new Holders(byAge, lists('heroTitles'))
    this.heroTexts = new Holders(byAge, lists('heroTexts'))
    this.prose = new Holders(byAge, lists('prose'))
    this.titles = new Holders(byRouteOrder, lists('titles'))
    this.descriptions = new Holders(byRouteOrder, lists('descriptions'))
    this.linkedFrom = lists('linkedFrom')
    this.backLinkedFrom = lists('backLinkedFrom')
    this.textRules = [
      { holders: this.titles, texts: (d) => [d.title] },
      { holders: this.descriptions, texts: (d) => [d.description] },
      { holders: this.heroTitles, texts: (d) => [d.hero.title] },
      { holders: this.heroTexts, texts: (d) => [d.hero.text] },
      { holders: this.prose, texts: (d) => d.prose.map(([text]) => text) },
    ]
    this.heroFields = [['title', this.heroTitles], ['text', this.heroTexts]]
    this.pageFields = [['title', this.titles], ['description', this.descriptions]]
    // Not a spread of each page: a loaded page's content is parsed from its text only when read, and the rules need only its digest.
    const sorted = [...pages].sort((a, b) => a.route.localeCompare(b.route)).map(indexed)
    if (withOrder) this.order = sorted.map(({ entry }) => entry.route)
    // Each rule's texts are added in its own order, so each goes at the end of its list.
    for (const { entry, digest, source } of sorted) {
      this.pages.set(entry.route, { entry, digest })
      this.sources.set(entry.route, source)
      this.titles.add(digest.title, entry)
      this.descriptions.add(digest.description, entry)
    }
    // Oldest first (a stable sort of the route order, so files of the same time stay in route order).
    for (const { entry, digest } of [...sorted].sort((a, b) => a.entry.modified - b.entry.modified)) this.addAged(entry, digest)
    const linkedFrom = new Map<string, string[]>()
    const backLinkedFrom = new Map<string, string[]>()
    for (const { entry, digest } of sorted) {
      for (const to of new Set(digest.links)) if (to !== entry.route) pushTo(linkedFrom, to, entry.route)
      for (const to of backLinkTargets(digest)) pushTo(backLinkedFrom, to, entry.route)
    }
    for (const [to, from] of linkedFrom) this.linkedFrom.set(to, from)
    for (const [to, from] of backLinkedFrom) this.backLinkedFrom.set(to, from)
  }

  /**
   * An index kept on disk (`lists`, its buckets), with no page given: its
   * pages are located by `sourceOf` when a problem is found on one. It
   * answers problemsAt and replace, not everyPage.
   */
  static kept(lists: ListsOf, sourceOf: (route: string, file: string) => PageSource): PagesIndex {
    return new PagesIndex([], lists, sourceOf, false)
  }

  /**
   * `route`'s page replaced by `page` (of the same route), or taken out when
   * undefined (it no longer checks), in place: the index is then the one a
   * new PagesIndex of the pages as they now are would be. At 10,000 pages,
   * gathering every page's texts again was a large part of each reload
   * (docs/measurements.md, "Loading and checking the site").
   *
   * Returns the routes whose problems (problemsAt) may have changed: the
   * page's own; every page that has, or had, a text the page has or had
   * (which of them came first may have changed); the pages it links to, or
   * did (who leads to them); and those with a back link to it (its links).
   */
  replace(route: string, page?: PageAmongOthers): Set<string> {
    const changed = new Set([route])
    const old = this.pages.get(route)
    const added = page ? indexed(page) : undefined
    for (const rule of this.textRules) {
      const before = old ? rule.texts(old.digest) : []
      const after = added ? rule.texts(added.digest) : []
      // The same texts at the same place in the rule's order: no one's problems change.
      const samePlace = old && added && (rule.holders.order === byRouteOrder || old.entry.modified === added.entry.modified) && old.entry.file === added.entry.file
      if (samePlace && sameList(before, after)) continue
      for (const text of before) {
        for (const other of rule.holders.routes(text)) changed.add(other)
        rule.holders.remove(text, route)
      }
      for (const text of after) {
        rule.holders.add(text, added!.entry)
        for (const other of rule.holders.routes(text)) changed.add(other)
      }
    }
    const linksBefore = new Set(old?.digest.links ?? [])
    const linksAfter = new Set(added?.digest.links ?? [])
    linksBefore.delete(route)
    linksAfter.delete(route)
    if (!old || !added || !sameMembers(linksBefore, linksAfter)) {
      // Whose back links read this page's links, and the pages it leads to (who leads to them).
      for (const other of this.backLinkedFrom.get(route) ?? []) changed.add(other)
      for (const to of [...linksBefore, ...linksAfter]) changed.add(to)
      relist(this.linkedFrom, route, linksBefore, linksAfter)
    }
    const backBefore = old ? backLinkTargets(old.digest) : new Set<string>()
    const backAfter = added ? backLinkTargets(added.digest) : new Set<string>()
    if (!sameMembers(backBefore, backAfter)) relist(this.backLinkedFrom, route, backBefore, backAfter)
    if (added) {
      this.pages.set(route, { entry: added.entry, digest: added.digest })
      this.sources.set(route, added.source)
    } else {
      this.pages.delete(route)
      this.sources.delete(route)
    }
    if (this.order) {
      const at = placeInRouteOrder(this.order, route, (r) => r)
      const there = this.order[at] === route
      if (there && !added) this.order.splice(at, 1)
      else if (!there && added) this.order.splice(at, 0, route)
    }
    return changed
  }

  /** The pages that link to `route` (their digests' links), in route order. */
  linking(route: string): readonly string[] {
    return this.linkedFrom.get(route) ?? []
  }

  /** Every page's problems, by route in route order: the pages that have any. */
  everyPage(): Map<string, Problem[]> {
    if (!this.order) throw new Error('A kept index knows its pages by route only: ask problemsAt for each.')
    const found = new Map<string, Problem[]>()
    for (const route of this.order) {
      const problems = this.problemsAt(route)
      if (problems.length) found.set(route, problems)
    }
    return found
  }

  /** The problems of the page the index holds for `route` (none if it holds none). */
  problemsAt(route: string): Problem[] {
    const kept = this.pages.get(route)
    if (!kept) return []
    const source = this.sources.get(route) ?? this.sourceOf?.(route, kept.entry.file)
    if (!source) throw new Error(`No source for ${route}`)
    return this.problemsOf(kept.entry, kept.digest, source)
  }

  /** The problems of `page` typed for `route` (in the studio), against every other page, as the newest file. */
  check(route: string, page: Page, source: PageSource): Problem[] {
    return this.problemsOf({ route, file: source.file, modified: Infinity }, pageDigest(page, source), source)
  }

  /** A page's texts that are compared oldest first. */
  private addAged(entry: Entry, digest: PageDigest): void {
    this.heroTitles.add(digest.hero.title, entry)
    this.heroTexts.add(digest.hero.text, entry)
    for (const [text] of digest.prose) this.prose.add(text, entry)
  }

  /** The problems at one page's own places. Its entry in the index, if any, is skipped: the page is `me` as given. */
  private problemsOf(me: Entry, digest: PageDigest, source: PageSource): Problem[] {
    const problems: Problem[] = []
    for (const path of digest.starters) problems.push(problem('StarterText', { field: lastKey(path) ?? 'text' }, source.locate(path)))
    for (const [field, holders] of this.heroFields) {
      const other = holders.firstBefore(digest.hero[field], me)
      if (other) problems.push(problem('CopiedHeroText', { field, other: other.file }, source.locate(['blocks', 0, field])))
    }
    // A sentence in the hero is reported as the hero's words once, not again as a sentence.
    const heroAt = problems.map((p) => `${p.line}:${p.column}`)
    for (const [text, path] of digest.prose) {
      const other = this.prose.firstBefore(text, me)
      if (!other) continue
      const at = source.locate(path)
      if (!heroAt.includes(`${at.line}:${at.column}`)) problems.push(problem('CopiedText', { field: String(lastKey(path)), other: other.file }, at))
    }
    problems.push(...this.backLinkProblems(me.route, digest, source))
    for (const [field, holders] of this.pageFields) {
      const other = holders.firstBefore(digest[field], me)
      if (other) problems.push(problem('SameAsOtherPage', { field, other: other.file }, source.locate([field])))
    }
    return problems
  }

  /**
   * A back link ("backLink") returns to the page that leads here: a detail
   * page's hub, whose card links to it. One that goes to a page with no
   * link here, while another page's content does link here, was left from
   * a copy (new-page --like a page of another hub) and would send visitors
   * to the wrong hub. Links in the blocks count, not the menus, which are
   * on every page. A page reached from the menus alone (the method pages,
   * whose back link is home) has no parent to return to but the one it names.
   */
  private backLinkProblems(route: string, digest: PageDigest, source: PageSource): Problem[] {
    const leadHere = this.linkedFrom.get(route) ?? []
    if (!leadHere.length) return []
    return digest.backLinks.flatMap(([i, target]) => {
      const there = target === route ? digest.links : this.pages.get(target)?.digest.links
      if (!there || there.includes(route)) return []
      return [problem('BackLinkDoesNotReturn', { target, route, leadHere }, source.locate(['blocks', i, 'backLink', 'href']))]
    })
  }
}

/**
 * The rules across pages over a whole site (loadSite), by route. Its index is not
 * kept: a build or a check needs it no more, and at 100,000 pages it would
 * hold memory through the whole build. The studio and the dev server keep
 * one from their first check or reload on (indexOf, indexAfterReplacing).
 */
export function checkDistinctPages(pages: readonly PageAmongOthers[]): Map<string, Problem[]> {
  return new PagesIndex(pages).everyPage()
}

/** The index of each list of pages (a loaded site's, which never changes), made when first asked for. */
const kept = new WeakMap<readonly PageAmongOthers[], PagesIndex>()

/** The index of `pages`, made once per list. */
export function indexOf(pages: readonly PageAmongOthers[]): PagesIndex {
  let index = kept.get(pages)
  if (!index) kept.set(pages, (index = new PagesIndex(pages)))
  return index
}

/**
 * The index of `next`, which is `pages` with `route`'s page replaced by
 * `page` (or taken out): `pages`'s own index, changed in place and handed
 * over to `next`, with the routes whose problems the change may have
 * changed (PagesIndex.replace). `pages` keeps none; asked for again, its
 * index is made anew, so no list is ever answered by another list's index.
 * Made anew (no index was kept for `pages`), every route may have changed:
 * `changed` is undefined.
 */
export function indexAfterReplacing(pages: readonly PageAmongOthers[], next: readonly PageAmongOthers[], route: string, page?: PageAmongOthers): { index: PagesIndex; changed?: Set<string> } {
  const index = kept.get(pages)
  if (!index) return { index: indexOf(next) }
  kept.delete(pages)
  const changed = index.replace(route, page)
  kept.set(next, index)
  return { index, changed }
}

const byRouteOrder = (a: Entry, b: Entry) => a.route.localeCompare(b.route)
const byAge = (a: Entry, b: Entry) => (a.modified === b.modified ? byRouteOrder(a, b) : a.modified < b.modified ? -1 : 1)

/** A page as the index takes it: its entry, its source (to locate its problems) and its digest. */
interface Indexed {
  entry: Entry
  source: PageSource
  digest: PageDigest
}

function indexed(p: PageAmongOthers): Indexed {
  return { entry: { route: p.route, file: p.source.file, modified: p.modified ?? 0 }, source: p.source, digest: p.digest ?? digestOf(p.page, p.source) }
}

/** The pages a digest's back links go to. */
function backLinkTargets(digest: PageDigest): Set<string> {
  return new Set(digest.backLinks.map(([, target]) => target))
}

function pushTo(lists: Map<string, string[]>, key: string, item: string): void {
  const list = lists.get(key)
  if (list) list.push(item)
  else lists.set(key, [item])
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}

type Members = Pick<ReadonlySet<string>, 'size' | 'keys' | 'has'>

/** Two sets (or the keys of two maps) hold the same strings. */
export function sameMembers(a: Members, b: Members): boolean {
  return a.size === b.size && [...a.keys()].every((member) => b.has(member))
}

/** Where `route` is, or would go, in `list`, which is in route order (`routeOf` each item's route). */
export function placeInRouteOrder<T>(list: readonly T[], route: string, routeOf: (item: T) => string): number {
  let [low, high] = [0, list.length]
  while (low < high) {
    const middle = (low + high) >>> 1
    if (routeOf(list[middle]!).localeCompare(route) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * `route` taken out of the lists of the keys in `from` and put, in route
 * order, into those of the keys in `to`: new lists, never the old ones
 * changed (a back link's problem already reported names the pages in one:
 * leadHere).
 */
function relist(lists: Lists<string[]>, route: string, from: Iterable<string>, to: Iterable<string>): void {
  for (const key of from) {
    const left = lists.get(key)?.filter((r) => r !== route)
    if (left?.length) lists.set(key, left)
    else lists.delete(key)
  }
  for (const key of to) {
    const list = [...(lists.get(key) ?? [])]
    insertInOrder(list, route, (a, b) => a.localeCompare(b))
    lists.set(key, list)
  }
}

/**
 * `item` put in `list` at its place in `order`, looked for from the end: a
 * whole site's pages come in order, so each goes last at once, and a list
 * of 10,000 pages (a text or a link they all share) costs no more per page
 * than a list of one.
 */
function insertInOrder<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  let at = list.length
  while (at > 0 && order(item, list[at - 1]!) < 0) at--
  list.splice(at, 0, item)
}

/**
 * The pages that have each compared text, in the rule's order. Most texts
 * are one page's own: a text's one page is held as itself, and a list is
 * made for a second. A page adds each text once. A list is changed in
 * place and set again (a kept bucket then knows to write it).
 */
class Holders {
  constructor(
    readonly order: (a: Entry, b: Entry) => number,
    private readonly byText: Lists<Entry | Entry[]>,
  ) {}

  add(text: string | undefined, entry: Entry): void {
    if (text === undefined) return
    const held = this.byText.get(text)
    if (held === undefined) return void this.byText.set(text, entry)
    const list = Array.isArray(held) ? held : [held]
    insertInOrder(list, entry, this.order)
    this.byText.set(text, list)
  }

  remove(text: string | undefined, route: string): void {
    const held = text === undefined ? undefined : this.byText.get(text)
    if (held === undefined) return
    const left = (Array.isArray(held) ? held : [held]).filter((entry) => entry.route !== route)
    if (!left.length) this.byText.delete(text!)
    else this.byText.set(text!, left.length === 1 ? left[0]! : left)
  }

  /** The routes of the pages that have `text`. */
  routes(text: string | undefined): string[] {
    const held = text === undefined ? undefined : this.byText.get(text)
    return held === undefined ? [] : Array.isArray(held) ? held.map((entry) => entry.route) : [held.route]
  }

  /** The first page with `text` that is not `me`, if it comes before `me` in the rule's order. */
  firstBefore(text: string | undefined, me: Entry): Entry | undefined {
    if (text === undefined) return undefined
    const held = this.byText.get(text)
    const found = Array.isArray(held) ? held.find((entry) => entry.route !== me.route) : held?.route === me.route ? undefined : held
    return found && this.order(found, me) < 0 ? found : undefined
  }
}
