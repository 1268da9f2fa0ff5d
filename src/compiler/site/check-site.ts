import { checkSummaryDir, factsOf, factsText, keptStat, readCheckSummary, removeCheckSummary, sameFile, writeCheckSummary, type CheckSummary } from '../cache/check-summary.ts'
import { currentStat, fileFacts } from '../cache/file-facts.ts'
import { PageCache, pageKey } from '../cache/page-cache.ts'
import { linksAreHrefs } from '../schema/link-fields.ts'
import { RulesBuckets, UnreadableBucket } from '../cache/rules-buckets.ts'
import { validatorCacheFile } from '../cache/validator-cache.ts'
import type { Problem } from '../problems/problems.ts'
import { silentProgress, type Progress } from '../progress/progress.ts'
import { PagesIndex } from './cross-page-rules.ts'
import { sourceOf } from '../schema/page-rules.ts'
import { codeStillHeld, loadSiteOnCores, locateReading, problemsInOrder, type LoadedSite } from './load-site.ts'
import { listPages } from './list-pages.ts'
import { checkedAgainst, checkTargets, fileReads, lostRoutes, readShared } from './check-targets.ts'
import { siteSettings } from './site-settings.ts'
import type { ComparablePage } from './page-checks.ts'
import { comparableOf, loadedPage, PageShare, type ReadOutcome } from './page-share.ts'
import { display, type ProjectPaths } from './project-paths.ts'

/** What a check found: every problem, in the order they are reported, and how many pages can be built. */
export interface SiteCheck {
  problems: Problem[]
  pages: number
  /** Whether the last check's summary was used (only the pages changed since were read), or every page was loaded. */
  from: 'summary' | 'pages'
}

/**
 * `npm run check`: every problem of the site, as loadSite finds them.
 *
 * After one page's edit, loading the site (even with every other page from
 * the page cache) costs what every page costs: its cache entry and digest
 * read, its texts gathered into the index of the rules across pages. At
 * 10,000 pages that was most of such a check (docs/measurements.md,
 * "Loading and checking the site"). So each check keeps a summary of what
 * it found (cache/check-summary.ts) and the index itself, in buckets on disk,
 * and the next check, when the code, the shared blocks and what pages are
 * checked against are the same, reads and checks only the pages whose files
 * changed, changes the kept index in place, and asks again only the pages
 * whose problems that may change. When what pages are checked against
 * changed too, the pages it may change are read and checked here as well,
 * with those that had a problem (a link may reach a page now, a file be
 * there): for a page added, removed or renamed, or an id changed, those
 * linking to a route that lost any; for a file of public/ added, changed or
 * removed, those that show it (or one it lies beside). A change of the
 * shared blocks or the code, or more than a few pages to check, loads the
 * site as a build does.
 *
 * Both ways give the same problems: check-site.test.ts compares them over
 * a run of edits of every kind.
 */
export async function checkSite(paths: ProjectPaths, { progress = silentProgress }: { progress?: Progress } = {}): Promise<SiteCheck> {
  const dir = checkSummaryDir(paths)
  const summary = readCheckSummary(dir)
  if (summary) {
    try {
      const quick = fromSummary(paths, dir, summary)
      if (quick) return quick
    } catch (error) {
      // A bucket gone or damaged: the site is loaded, and the summary made again.
      if (!(error instanceof UnreadableBucket)) throw error
    }
  }
  const loaded = await loadSiteOnCores(paths, { progress, cache: true, schemaExamples: true })
  summarize(paths, dir, loaded)
  return { problems: loaded.problems, pages: loaded.pages.length, from: 'pages' }
}

/** More pages changed than this share of the site, and loading it (on every core, from the page cache) is the quicker way. */
const changedShare = 1 / 100

/** The check from the last one's summary, with the pages changed since read and checked; undefined when the summary cannot be used. */
function fromSummary(paths: ProjectPaths, dir: string, summary: CheckSummary): SiteCheck | undefined {
  const code = PageCache.codeKey(paths)
  if (summary.code !== code) return undefined
  const { problems, routeFiles } = listPages(paths)
  const routes = [...routeFiles.keys()]
  // A page removed or renamed: the pages that link to it are checked again below. A page added is read and checked here.
  const removed = summary.routes.filter((route) => !routeFiles.has(route))
  const shared = readShared(paths)
  if (pageKey(code, 'read', shared.text) !== summary.read) return undefined

  // Each route's facts as the summary has them: by position while the routes are the summary's, by route after one is added.
  let byRoute: Map<string, string> | undefined
  const keptFacts = (route: string, i: number) => (summary.routes[i] === route ? summary.facts[i] : (byRoute ??= new Map(summary.routes.map((r, n) => [r, summary.facts[n]!]))).get(route))
  const factsTexts: string[] = []
  const changed: string[] = []
  routes.forEach((route, i) => {
    const kept = keptFacts(route, i)
    const path = routeFiles.get(route)!
    // The same file, settled (its stat kept): its facts as they were, without a new object or string for each of 10,000 pages.
    const stat = kept === undefined ? '' : keptStat(kept)
    if (stat && stat === currentStat(path)) return void factsTexts.push(kept!)
    const was = kept === undefined ? undefined : factsOf(kept)
    const now = fileFacts(path, was)
    factsTexts.push(factsText(now))
    // A file saved again unchanged has a new time, which says which of two pages is the copy.
    if (!was || !sameFile(now, was)) changed.push(route)
  })
  const most = Math.max(16, routes.length * changedShare)
  if (changed.length + removed.length > most) return undefined

  const noProgress = () => {}
  // The changed pages, and those that had a problem: checked again here if the site only gained or lost routes and ids.
  const candidates = new Set([...changed, ...summary.own.map(([route]) => route).filter((route) => routeFiles.has(route))])
  // Any page may link to a route gone, so the share knows every file; it reads only those it is asked for.
  const share = new PageShare(paths, [...routeFiles])
  const reads = new Map<string, ReadOutcome>()
  // Each page read is kept under the facts of the bytes read (a file written since it was hashed above is what was read).
  let place: Map<string, number> | undefined
  const readNow = (these: readonly string[]) => {
    for (const outcome of share.read(these, shared.value, noProgress)) {
      reads.set(outcome.route, outcome)
      if (outcome.file) factsTexts[(place ??= new Map(routes.map((route, i) => [route, i]))).get(outcome.route)!] = factsText(outcome.file)
    }
  }
  readNow(changed)
  const keptAnchors = new Map(summary.anchors)
  for (const route of removed) keptAnchors.delete(route)
  for (const read of reads.values()) keptAnchors.set(read.route, read.anchors)
  const buckets = new RulesBuckets(dir, summary.buckets)
  // A kept page is located (its file parsed again) only when a problem is found on it.
  const index = PagesIndex.kept(buckets.lists, (route, file) => ({ file, locate: locateReading(paths, routeFiles.get(route)!), usesShared: () => false }))
  // In the order of the routes, as loading gives them: the index's text is part of the check key.
  const anchors = new Map(routes.map((route) => [route, new Set(keptAnchors.get(route) ?? [])]))
  const targets = checkTargets(paths, routeFiles, anchors, shared, validatorCacheFile(paths.root, code), problems, { examples: true })
  if (!targets.schemas) return undefined
  const against = checkedAgainst(code, targets)
  // Other pages were checked against every route, file (and its bytes) and id as they were. Changed, every page is checked again;
  // but if only routes and ids changed (a page added, removed or renamed, an id), a page that passed passes still unless it links
  // to a route that lost any (see pageCheckKeys), and those with a problem are checked again here.
  const again = [...changed]
  const fileRead = fileReads(against, targets.media)
  if (against.key !== summary.check) {
    if (against.shared !== summary.shared) return undefined
    const lost = lostRoutes(summary, against)
    if (lost.size && !linksAreHrefs(targets.schemas)) return undefined
    const linking = [...lost].flatMap((route) => index.linking(route))
    // A file of public/ changed, gone, or with new files beside it: the pages that show it.
    const showing = summary.shown.flatMap(([url, read, at]) => (fileRead(url) === read ? [] : at.map((i) => summary.routes[i]!)))
    const others = [...new Set([...candidates, ...linking, ...showing])].filter((route) => !reads.has(route) && routeFiles.has(route))
    if (changed.length + others.length > most) return undefined
    readNow(others)
    again.push(...others)
  }
  const checks = share.check(again, targets.schemas, { fragments: targets.fragments.valid, media: targets.media }, noProgress)

  const own = new Map(summary.own)
  const invalid = new Set(summary.invalid)
  const unresolved = new Set(summary.unresolved)
  const asked = new Set<string>()
  // Who shows which file, less the pages gone or checked again; those checked again are added back below as they are now.
  const shownBy = new Map(summary.shown.map(([url, , at]) => [url, new Set(at.map((i) => summary.routes[i]!))]))
  const replaced = [...removed, ...again]
  if (replaced.length) for (const pages of shownBy.values()) for (const route of replaced) pages.delete(route)
  for (const route of removed) {
    own.delete(route)
    invalid.delete(route)
    unresolved.delete(route)
    for (const other of index.replace(route, undefined)) asked.add(other)
  }
  again.forEach((route, i) => {
    const [read, check] = [reads.get(route)!, checks[i]!]
    const pageProblems = [...read.problems, ...check.problems]
    if (pageProblems.length) own.set(route, pageProblems)
    else own.delete(route)
    invalid.delete(route)
    unresolved.delete(route)
    let page: ComparablePage | undefined
    if (check.checked) {
      if (!check.problems.length) addShown(shownBy, route, check.checked.media)
      const path = routeFiles.get(route)!
      page = comparableOf(loadedPage(route, path, check.checked), check.checked, display(paths, path), sourceOf(share.parsed(route)!).locate)
      if (!check.checked.resolved) unresolved.add(route)
    } else invalid.add(route)
    for (const other of index.replace(route, page)) asked.add(other)
  })
  const across = new Map(summary.across)
  for (const route of asked) {
    const found = index.problemsAt(route)
    if (found.length) across.set(route, found)
    else across.delete(route)
  }

  const { after } = siteSettings(paths, targets.schemas)
  const parts = { before: problems, pages: own, across, after }
  // A schema or the code saved while this ran: nothing is kept under the key taken before it (as loading does).
  if (!codeStillHeld(paths, code)) removeCheckSummary(dir)
  // Nothing new to keep (no page changed or removed, nothing under public/, no stat newly settled): the summary stays as it is.
  else if (changed.length || removed.length || against.key !== summary.check || factsTexts.some((text, i) => text !== summary.facts[i])) {
    writeCheckSummary(dir, {
      code,
      read: summary.read,
      check: against.key,
      shared: against.shared,
      routes,
      facts: factsTexts,
      invalid: [...invalid],
      unresolved: [...unresolved],
      anchors: [...keptAnchors].filter(([, ids]) => ids.length),
      own: [...own],
      across: [...across],
      shown: shownList(shownBy, routes, fileRead),
      buckets: buckets.save(),
    })
  }
  return { problems: problemsInOrder(parts, routes), pages: routes.length - invalid.size - unresolved.size, from: 'summary' }
}

/** A site loaded whole, summarized for the next check: its index of the rules across pages made again, into buckets. */
function summarize(paths: ProjectPaths, dir: string, loaded: LoadedSite): void {
  const keys = loaded.keys
  // Schemas that did not load: nothing was checked against them.
  if (!keys || !loaded.schemas) return removeCheckSummary(dir)
  const routes = [...loaded.routes.keys()]
  const valid = new Set(loaded.comparable.map((page) => page.route))
  const resolved = new Set(loaded.pages.map((page) => page.route))
  const buckets = RulesBuckets.empty(dir, valid.size)
  // Filled as it is made, then written: never asked.
  new PagesIndex(loaded.comparable, buckets.lists, undefined, false)
  writeCheckSummary(dir, {
    code: keys.code,
    read: keys.read,
    check: keys.against.key,
    shared: keys.against.shared,
    routes,
    facts: routes.map((route) => factsText(keys.files.get(route)!)),
    invalid: routes.filter((route) => !valid.has(route)),
    unresolved: routes.filter((route) => valid.has(route) && !resolved.has(route)),
    anchors: keys.against.anchors.filter(([, ids]) => ids.length),
    own: [...loaded.problemParts.pages].filter(([, found]) => found.length) as [string, Problem[]][],
    across: [...loaded.problemParts.across] as [string, Problem[]][],
    shown: shownList(byFile(keys.shown), routes, fileReads(keys.against, loaded.media)),
    buckets: buckets.save(),
  })
}

/** Each file shown, by the pages that show it: the pages' lists turned around. */
function byFile(shown: ReadonlyMap<string, readonly string[]>): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>()
  for (const [route, urls] of shown) addShown(pages, route, urls)
  return pages
}

/** `route` among the pages that show each of `urls`. */
function addShown(shownBy: Map<string, Set<string>>, route: string, urls: readonly string[]): void {
  for (const url of urls) shownBy.get(url)?.add(route) ?? shownBy.set(url, new Set([route]))
}

/** The summary's `shown`: each file with what its pages read of it, the pages by their place among the routes. */
function shownList(shownBy: ReadonlyMap<string, ReadonlySet<string>>, routes: readonly string[], fileRead: (url: string) => string): CheckSummary['shown'] {
  const place = new Map(routes.map((route, i) => [route, i]))
  return [...shownBy].filter(([, pages]) => pages.size).map(([url, pages]) => [url, fileRead(url), [...pages].map((route) => place.get(route)!).sort((a, b) => a - b)])
}
