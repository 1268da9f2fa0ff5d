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
 * text to the first two pages that have it, oldest (or first in route
 * order) first (FirstTwo).
 * A page's problems are then a look-up per text of its digest, so the
 * whole site costs one pass, and one page typed in the studio costs its
 * own digest, not a pass over every page (at 10,000 pages: 100 ms a key).
 */
export class PagesIndex {
  /** The pages, in route order, with their digests. */
  private readonly pages: { entry: Entry; source: PageSource; digest: PageDigest }[]
  private readonly heroTitles = new FirstTwo()
  private readonly heroTexts = new FirstTwo()
  private readonly prose = new FirstTwo()
  private readonly titles = new FirstTwo()
  private readonly descriptions = new FirstTwo()
  /** The fields each rule compares, with their index: made once, not per page. */
  private readonly heroFields = [['title', this.heroTitles], ['text', this.heroTexts]] as const
  private readonly pageFields = [['title', this.titles], ['description', this.descriptions]] as const
  /** Every page's links, by route. */
  private readonly links = new Map<string, ReadonlySet<string>>()
  /** Who links to each page (never itself), in route order. */
  private readonly linkedFrom = new Map<string, string[]>()

  constructor(pages: readonly PageAmongOthers[]) {
    // Not a spread of each page: a loaded page's content is parsed from its text only when read, and the rules need only its digest.
    this.pages = [...pages]
      .sort((a, b) => a.route.localeCompare(b.route))
      .map((p) => ({ entry: { route: p.route, file: p.source.file, modified: p.modified ?? 0 }, source: p.source, digest: p.digest ?? digestOf(p.page, p.source) }))
    for (const { entry, digest } of this.pages) {
      this.titles.add(digest.title, entry)
      this.descriptions.add(digest.description, entry)
      this.links.set(entry.route, new Set(digest.links))
    }
    // Oldest first (a stable sort of the route order, so files of the same time stay in route order).
    for (const { entry, digest } of [...this.pages].sort((a, b) => a.entry.modified - b.entry.modified)) {
      this.heroTitles.add(digest.hero.title, entry)
      this.heroTexts.add(digest.hero.text, entry)
      for (const [text] of digest.prose) this.prose.add(text, entry)
    }
    for (const [from, targets] of this.links) {
      for (const to of targets) {
        if (to === from) continue
        const list = this.linkedFrom.get(to)
        if (list) list.push(from)
        else this.linkedFrom.set(to, [from])
      }
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

  /** The problems at one page's own places. Its entry in the index, if any, is skipped: the page is `me` as given. */
  private problemsOf(me: Entry, digest: PageDigest, source: PageSource): Problem[] {
    const problems: Problem[] = []
    for (const path of digest.starters) problems.push(problem('StarterText', { field: lastKey(path) ?? 'text' }, source.locate(path)))
    for (const [field, firstTwo] of this.heroFields) {
      const other = firstTwo.firstBefore(digest.hero[field], me, byAge)
      if (other) problems.push(problem('CopiedHeroText', { field, other: other.file }, source.locate(['blocks', 0, field])))
    }
    // A sentence in the hero is reported as the hero's words once, not again as a sentence.
    const heroAt = problems.map((p) => `${p.line}:${p.column}`)
    for (const [text, path] of digest.prose) {
      const other = this.prose.firstBefore(text, me, byAge)
      if (!other) continue
      const at = source.locate(path)
      if (!heroAt.includes(`${at.line}:${at.column}`)) problems.push(problem('CopiedText', { field: String(lastKey(path)), other: other.file }, at))
    }
    problems.push(...this.backLinkProblems(me.route, digest, source))
    for (const [field, firstTwo] of this.pageFields) {
      const other = firstTwo.firstBefore(digest[field], me, byRouteOrder)
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

/** The rules across pages over a whole site (loadSite, reloadPage). */
export function checkDistinctPages(pages: readonly PageAmongOthers[]): Problem[] {
  return new PagesIndex(pages).everyPage()
}

const byRouteOrder = (a: Entry, b: Entry) => a.route.localeCompare(b.route)
const byAge = (a: Entry, b: Entry) => (a.modified === b.modified ? byRouteOrder(a, b) : a.modified < b.modified ? -1 : 1)

/**
 * The pages that have each compared text, in the order they were added:
 * only the first two of each are kept. The first page before another that
 * is not that page is one of them, since each page adds a text once, and
 * most texts are one page's own.
 */
class FirstTwo {
  private readonly first = new Map<string, Entry>()
  private readonly second = new Map<string, Entry>()

  add(text: string | undefined, entry: Entry): void {
    if (text === undefined) return
    if (!this.first.has(text)) this.first.set(text, entry)
    else if (!this.second.has(text)) this.second.set(text, entry)
  }

  /** The first page with `text` that is not `me`, if it comes before `me` in `order`. */
  firstBefore(text: string | undefined, me: Entry, order: (a: Entry, b: Entry) => number): Entry | undefined {
    if (text === undefined) return undefined
    let found = this.first.get(text)
    if (found?.route === me.route) found = this.second.get(text)
    return found && order(found, me) < 0 ? found : undefined
  }
}
