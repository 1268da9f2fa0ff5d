import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import type { PathSegment } from '../yaml/locate.ts'
import { pageDigest, type PageDigest, type PageSource } from './page-rules.ts'
import type { Page } from '../../generated/schema-types.ts'

/** A checked page as the index holds it. */
interface Entry {
  route: string
  file: string
  modified: number
}

/**
 * The rules across pages (checkDistinctPages), asked of one page typed in
 * the studio against every other page of the site: what each rule compares,
 * gathered once per loaded site, so a key typed costs the typed page's
 * digest and a look-up per text, not a pass over every page (at 10,000
 * pages: about 100 ms a key).
 *
 * It answers what checkDistinctPages would report at the typed page's own
 * places, given the others and the page as the newest file: the rules
 * blame the later of two pages in route order (titles, descriptions) or the
 * newer file (hero words, sentences), and name the first.
 */
export class PagesIndex {
  private readonly heroTitles = new Map<string, Entry[]>()
  private readonly heroTexts = new Map<string, Entry[]>()
  private readonly prose = new Map<string, Entry[]>()
  private readonly titles = new Map<string, Entry[]>()
  private readonly descriptions = new Map<string, Entry[]>()
  /** Every page's links, by route. */
  private readonly links = new Map<string, ReadonlySet<string>>()
  /** Who links to each page (never itself), in route order. */
  private readonly linkedFrom = new Map<string, string[]>()

  constructor(pages: readonly { route: string; source: PageSource; page: Page; modified?: number; digest?: PageDigest }[]) {
    const byRoute = [...pages].sort((a, b) => a.route.localeCompare(b.route))
    const add = (map: Map<string, Entry[]>, key: string | undefined, entry: Entry) => {
      if (key === undefined) return
      const list = map.get(key)
      if (list) list.push(entry)
      else map.set(key, [entry])
    }
    for (const { route, source, modified, page, digest: kept } of byRoute) {
      // Kept with the checked page; worked out now for a page that came without one.
      const digest = kept ?? pageDigest(page, source)
      const entry = { route, file: source.file, modified: modified ?? 0 }
      add(this.heroTitles, digest.hero.title, entry)
      add(this.heroTexts, digest.hero.text, entry)
      for (const [text] of digest.prose) add(this.prose, text, entry)
      add(this.titles, digest.title, entry)
      add(this.descriptions, digest.description, entry)
      this.links.set(route, new Set(digest.links))
    }
    // Newest last, as the rules read them; files of the same time in route order.
    for (const map of [this.heroTitles, this.heroTexts, this.prose]) for (const list of map.values()) list.sort(byAge)
    for (const [from, targets] of this.links) {
      for (const to of targets) {
        if (to === from) continue
        const list = this.linkedFrom.get(to)
        if (list) list.push(from)
        else this.linkedFrom.set(to, [from])
      }
    }
  }

  /** The problems the rules across pages find at `page`'s own places, the page standing for `route` as its newest file. */
  check(route: string, page: Page, source: PageSource): Problem[] {
    const digest = pageDigest(page, source)
    const me: Entry = { route, file: source.file, modified: Infinity }
    const problems: Problem[] = []
    for (const path of digest.starters) problems.push(problem('StarterText', { field: lastField(path) ?? 'text' }, source.locate(path)))
    for (const [field, map] of [['title', this.heroTitles], ['text', this.heroTexts]] as const) {
      const text = digest.hero[field]
      const other = text === undefined ? undefined : firstBefore(map.get(text), me, byAge)
      if (other) problems.push(problem('CopiedHeroText', { field, other: other.file }, source.locate(['blocks', 0, field])))
    }
    const reported = new Set(problems.map((p) => `${p.file}:${p.line}:${p.column}`))
    for (const [text, path] of digest.prose) {
      const other = firstBefore(this.prose.get(text), me, byAge)
      if (!other) continue
      const at = source.locate(path)
      if (!reported.has(`${at.file}:${at.line}:${at.column}`)) problems.push(problem('CopiedText', { field: String(lastField(path)), other: other.file }, at))
    }
    for (const [i, target] of digest.backLinks) {
      const there = target === route ? new Set(digest.links) : this.links.get(target)
      if (!there || there.has(route)) continue
      const leadHere = (this.linkedFrom.get(route) ?? []).filter((from) => from !== route)
      if (leadHere.length) problems.push(problem('BackLinkDoesNotReturn', { target, route, leadHere }, source.locate(['blocks', i, 'backLink', 'href'])))
    }
    for (const [field, map] of [['title', this.titles], ['description', this.descriptions]] as const) {
      const other = firstBefore(map.get(digest[field]), me, byRouteOrder)
      if (other) problems.push(problem('SameAsOtherPage', { field, other: other.file }, source.locate([field])))
    }
    return problems
  }
}

const byRouteOrder = (a: Entry, b: Entry) => a.route.localeCompare(b.route)
const byAge = (a: Entry, b: Entry) => (a.modified === b.modified ? byRouteOrder(a, b) : a.modified < b.modified ? -1 : 1)

/** The first entry of `list` (in `order`) that is another page and comes before `me`. */
function firstBefore(list: readonly Entry[] | undefined, me: Entry, order: (a: Entry, b: Entry) => number): Entry | undefined {
  const first = list?.find((entry) => entry.route !== me.route)
  return first && order(first, me) < 0 ? first : undefined
}

function lastField(path: readonly PathSegment[]): string | undefined {
  return path.findLast((s): s is string => typeof s === 'string')
}
