import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { lastKey } from '../yaml/locate.ts'
import { digestOf, pageDigest, type PageDigest, type PageSource } from './page-rules.ts'
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
 * own digest, not a pass over every page (at 10,000 pages: 100 ms a key).
 * One page's file changed (the dev server, the studio) changes the index
 * in place (replace), instead of gathering every page's texts again.
 */
export class PagesIndex {
  /** The pages, in route order, with their digests. */
  private readonly pages: Indexed[]
  private readonly heroTitles = new Holders(byAge)
  private readonly heroTexts = new Holders(byAge)
  private readonly prose = new Holders(byAge)
  private readonly titles = new Holders(byRouteOrder)
  private readonly descriptions = new Holders(byRouteOrder)
  /** The fields each rule compares, with their index: made once, not per page. */
  private readonly heroFields = [['title', this.heroTitles], ['text', this.heroTexts]] as const
  private readonly pageFields = [['title', this.titles], ['description', this.descriptions]] as const
  /** Every page's links, by route. */
  private readonly links = new Map<string, ReadonlySet<string>>()
  /** Who links to each page (never itself), in route order. */
  private readonly linkedFrom = new Map<string, string[]>()

  constructor(pages: readonly PageAmongOthers[]) {
    // Not a spread of each page: a loaded page's content is parsed from its text only when read, and the rules need only its digest.
    this.pages = [...pages].sort((a, b) => a.route.localeCompare(b.route)).map(indexed)
    // Each rule's texts are added in its own order, so each goes at the end of its list.
    for (const page of this.pages) {
      this.titles.add(page.digest.title, page.entry)
      this.descriptions.add(page.digest.description, page.entry)
      this.links.set(page.entry.route, new Set(page.digest.links))
    }
    // Oldest first (a stable sort of the route order, so files of the same time stay in route order).
    for (const page of [...this.pages].sort((a, b) => a.entry.modified - b.entry.modified)) this.addAged(page)
    for (const [from, targets] of this.links) {
      for (const to of targets) {
        if (to === from) continue
        const list = this.linkedFrom.get(to)
        if (list) list.push(from)
        else this.linkedFrom.set(to, [from])
      }
    }
  }

  /**
   * `route`'s page replaced by `page` (of the same route), or taken out when
   * undefined (it no longer checks), in place: the index is then the one a
   * new PagesIndex of the pages as they now are would be. At 10,000 pages,
   * gathering every page's texts again was about 60 ms of each reload.
   */
  replace(route: string, page?: PageAmongOthers): void {
    const at = this.position(route)
    const old = this.pages[at]?.entry.route === route ? this.pages[at] : undefined
    if (old) {
      this.titles.remove(old.digest.title, route)
      this.descriptions.remove(old.digest.description, route)
      this.heroTitles.remove(old.digest.hero.title, route)
      this.heroTexts.remove(old.digest.hero.text, route)
      for (const [text] of old.digest.prose) this.prose.remove(text, route)
      for (const to of this.links.get(route) ?? []) {
        const from = this.linkedFrom.get(to)?.filter((r) => r !== route)
        if (from?.length) this.linkedFrom.set(to, from)
        else this.linkedFrom.delete(to)
      }
      this.links.delete(route)
      this.pages.splice(at, 1)
    }
    if (!page) return
    const added = indexed(page)
    this.pages.splice(at, 0, added)
    this.titles.add(added.digest.title, added.entry)
    this.descriptions.add(added.digest.description, added.entry)
    this.addAged(added)
    const targets = new Set(added.digest.links)
    this.links.set(route, targets)
    for (const to of targets) {
      if (to === route) continue
      // A new list, never the old one changed: a back link's problem already reported names the pages in it (leadHere).
      const from = [...(this.linkedFrom.get(to) ?? [])]
      insertInOrder(from, route, (a, b) => a.localeCompare(b))
      this.linkedFrom.set(to, from)
    }
  }

  /** Every page's problems, page by page in route order. */
  everyPage(): Problem[] {
    return this.pages.flatMap(({ entry, source, digest }) => this.problemsOf(entry, digest, source))
  }

  /** The problems of `page` typed for `route` (in the studio), against every other page, as the newest file. */
  check(route: string, page: Page, source: PageSource): Problem[] {
    return this.problemsOf({ route, file: source.file, modified: Infinity }, pageDigest(page, source), source)
  }

  /** A page's texts that are compared oldest first. */
  private addAged({ entry, digest }: Indexed): void {
    this.heroTitles.add(digest.hero.title, entry)
    this.heroTexts.add(digest.hero.text, entry)
    for (const [text] of digest.prose) this.prose.add(text, entry)
  }

  /** Where `route` is, or would go, among the pages in route order. */
  private position(route: string): number {
    let [low, high] = [0, this.pages.length]
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.pages[middle]!.entry.route.localeCompare(route) < 0) low = middle + 1
      else high = middle
    }
    return low
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
      const there = target === route ? new Set(digest.links) : this.links.get(target)
      if (!there || there.has(route)) return []
      return [problem('BackLinkDoesNotReturn', { target, route, leadHere }, source.locate(['blocks', i, 'backLink', 'href']))]
    })
  }
}

/**
 * The rules across pages over a whole site (loadSite). Its index is not
 * kept: a build or a check needs it no more, and at 100,000 pages it would
 * hold memory through the whole build. The studio and the dev server keep
 * one from their first check or reload on (indexOf, indexAfterReplacing).
 */
export function checkDistinctPages(pages: readonly PageAmongOthers[]): Problem[] {
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
 * over to `next`. `pages` keeps none; asked for again, its index is made
 * anew, so no list is ever answered by another list's index.
 */
export function indexAfterReplacing(pages: readonly PageAmongOthers[], next: readonly PageAmongOthers[], route: string, page?: PageAmongOthers): PagesIndex {
  const index = kept.get(pages)
  if (!index) return indexOf(next)
  kept.delete(pages)
  index.replace(route, page)
  kept.set(next, index)
  return index
}

const byRouteOrder = (a: Entry, b: Entry) => a.route.localeCompare(b.route)
const byAge = (a: Entry, b: Entry) => (a.modified === b.modified ? byRouteOrder(a, b) : a.modified < b.modified ? -1 : 1)

/** A page as the index holds it: its entry, its source (to locate its problems) and its digest. */
interface Indexed {
  entry: Entry
  source: PageSource
  digest: PageDigest
}

function indexed(p: PageAmongOthers): Indexed {
  return { entry: { route: p.route, file: p.source.file, modified: p.modified ?? 0 }, source: p.source, digest: p.digest ?? digestOf(p.page, p.source) }
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
 * made for a second. A page adds each text once. The lists are this
 * object's own, changed in place.
 */
class Holders {
  private readonly byText = new Map<string, Entry | Entry[]>()

  constructor(private readonly order: (a: Entry, b: Entry) => number) {}

  add(text: string | undefined, entry: Entry): void {
    if (text === undefined) return
    const held = this.byText.get(text)
    if (held === undefined) return void this.byText.set(text, entry)
    const list = Array.isArray(held) ? held : [held]
    insertInOrder(list, entry, this.order)
    if (list !== held) this.byText.set(text, list)
  }

  remove(text: string | undefined, route: string): void {
    const held = text === undefined ? undefined : this.byText.get(text)
    if (held === undefined) return
    const left = (Array.isArray(held) ? held : [held]).filter((entry) => entry.route !== route)
    if (!left.length) this.byText.delete(text!)
    else this.byText.set(text!, left.length === 1 ? left[0]! : left)
  }

  /** The first page with `text` that is not `me`, if it comes before `me` in the rule's order. */
  firstBefore(text: string | undefined, me: Entry): Entry | undefined {
    if (text === undefined) return undefined
    const held = this.byText.get(text)
    const found = Array.isArray(held) ? held.find((entry) => entry.route !== me.route) : held?.route === me.route ? undefined : held
    return found && this.order(found, me) < 0 ? found : undefined
  }
}
