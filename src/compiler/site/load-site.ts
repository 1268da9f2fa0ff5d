import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { capProblemsPerFile, type Problem } from '../problems/problems.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import { sourceOf, type PageSource } from '../schema/page-rules.ts'
import { checkDistinctPages, indexOf } from './cross-page-rules.ts'
import { PageCache, type CachedPage } from '../cache/page-cache.ts'
import { changedWhileRead, fileFacts, type FileFacts } from '../cache/file-facts.ts'
import { validatorCacheFile } from '../cache/validator-cache.ts'
import { changedChecked, comparableOf, loadedPage, PageShare, type CheckContext, type CheckOutcome, type LoadedPage, type ReadOutcome } from './page-share.ts'
import { PageWorkers, type SiteIndex } from './page-workers.ts'
import { locatePath } from '../yaml/locate.ts'
import { linksAreHrefs } from '../schema/link-fields.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import { codeRootOf, display, type ProjectPaths } from './project-paths.ts'
import type { ComparablePage } from './page-checks.ts'
import { listPages } from './list-pages.ts'
import { checkedAgainst, checkTargets, pageCheckKeys, readShared, type CheckedAgainst } from './check-targets.ts'
import { siteSettings } from './site-settings.ts'
import { silentProgress, type Progress } from '../progress/progress.ts'
import { nextTurn } from '../threads/steps.ts'
import type { Block, Site } from '../../generated/schema-types.ts'

export type { LoadedPage } from './page-share.ts'

export interface LoadedSite {
  /** Every route with its file, valid or not. */
  routes: Map<string, string>
  /** The pages that passed every check. */
  pages: LoadedPage[]
  site: Site | undefined
  /** Block components by type (src/blocks/<type>/index.tsx), checked against the schemas. */
  components: Map<string, string>
  problems: Problem[]
  /**
   * What one page is checked against (every route, media file, anchor and
   * shared block name), so an editor can check one page's new text alone.
   */
  schemas?: SchemaSet
  /** The shared blocks of pages/_shared.yaml that passed every check. */
  sharedBlocks: Map<string, Block>
  /** The pages that passed their own checks, as the rules across pages compare them (see checkAgainstSite). */
  comparable: ComparablePage[]
  /** The files under public/, by address ("/media/img/x.webp" -> its path on disk). */
  media: ReadonlyMap<string, string>
  /** `problems` by where they come from, so one page can be checked again alone (reload-page.ts). */
  problemParts: ProblemParts
  /**
   * With the page cache: the keys every page was read under, what it was
   * checked against, each page file's facts, and the files of public/ each
   * page with no problem shows (what a check's summary keeps, check-summary.ts).
   */
  keys?: { code: string; read: string; files: ReadonlyMap<string, FileFacts>; against: CheckedAgainst; shown: ReadonlyMap<string, readonly string[]> }
  /**
   * With the page cache and `saveLater`: the page cache's save of what this
   * run read and checked, for the next run, left to the caller. Each step
   * writes one shard; run it to its end or a step at a time (threads/steps.ts).
   */
  pendingSave?: Iterator<unknown>
}

export interface ProblemParts {
  /** The project's files, public/, schemas and shared blocks, before any page. */
  before: readonly Problem[]
  /** Each page's own (reading, schema, rules, media), by route. */
  pages: ReadonlyMap<string, readonly Problem[]>
  /** The rules across pages, by route (the pages that have any). */
  across: ReadonlyMap<string, readonly Problem[]>
  /** The site settings. */
  after: readonly Problem[]
}

/** Every problem, in the order they are reported: the project, each page in file order, across pages, the settings. */
export function problemsInOrder(parts: ProblemParts, routes: Iterable<string>): Problem[] {
  // The rules across pages page by page in route order, as their index reports them.
  const across = [...parts.across].sort(([a], [b]) => a.localeCompare(b)).flatMap(([, found]) => found)
  return capProblemsPerFile([...parts.before, ...[...routes].flatMap((route) => parts.pages.get(route) ?? []), ...across, ...parts.after])
}

/**
 * What loading asks of whoever reads and checks the pages, the main thread
 * (loadSite) or worker threads (loadSiteOnCores), and what it is answered:
 * the outcomes, in the order of the files, and for reading, how to locate a
 * value in a page's file (for the rules across pages).
 */
type Step =
  | { kind: 'read'; files: (readonly [route: string, path: string])[]; routes: string[]; shared: unknown }
  | { kind: 'check'; routes: string[]; index: SiteIndex; schemas: SchemaSet; keptValidators: string | undefined; context: CheckContext }
  /**
   * A moment where a driver that shares its thread (loadSiteOnCores, in the
   * studio) lets others in: the work on this thread around the reading and
   * checking is seconds of CPU at 10,000 pages, even with every page kept,
   * and a request meanwhile waited for one piece of it to end
   * (docs/measurements.md, "Loading and checking the site"). Between
   * steps, and every `pauseEvery` pages of a step that goes through them.
   */
  | { kind: 'pause' }
type Answer = { outcomes: ReadOutcome[]; locator: (route: string) => PageSource['locate'] | undefined } | { outcomes: CheckOutcome[] } | undefined

export interface LoadOptions {
  progress?: Progress
  /** Keep what reading and checking each page gave for the next run, and take what the last run kept (cache/page-cache.ts). */
  cache?: boolean
  /**
   * Read every kept page's data now, not when first asked for: for a
   * process that runs for hours (the dev server, the studio), since the
   * cache keeps a data file a newer run replaced for 15 minutes only.
   */
  readAllData?: boolean
  /**
   * Keep the index of the rules across pages with the loaded pages, for
   * reloadPage: a process that reloads pages as they are saved (the dev
   * server, the studio). Made anew at the first save, it slowed that save
   * at 10,000 pages (docs/measurements.md, "Loading and checking the
   * site"). A build or a check keeps none (memory at 100,000).
   */
  keepIndex?: boolean
  /**
   * Leave the page cache's save to the caller (LoadedSite.pendingSave): a
   * build saves while its prerender workers draw. Saved at once, it held
   * the build after the checks with one core idle (docs/measurements.md,
   * "Loading and checking the site").
   */
  saveLater?: boolean
  /**
   * Check each block schema's examples as a block of a page here
   * (schema-examples.ts): `npm run check`'s, a developer's command, never
   * the build's or the studio's (an author who removes a page an example
   * links to cannot change the schema).
   */
  schemaExamples?: boolean
}

/**
 * Read, parse and validate every page and the site settings, on this thread.
 * Nothing is emitted here: the caller decides what to do with the problems,
 * and all of them are collected before anything stops.
 */
export function loadSite(paths: ProjectPaths, { progress = silentProgress, cache = false, readAllData = false, keepIndex = false, schemaExamples = false }: LoadOptions = {}): LoadedSite {
  return loadHere(paths, loading(paths, progress, { cache, readAllData, keepIndex, schemaExamples }), progress)
}

/**
 * The site without its pages read: every route (from the file names), the
 * site settings, the shared blocks, public/'s files and the schemas, for an
 * editor to open and check one page while loadSiteOnCores reads the rest.
 * The ids of other pages are unknown, so links to "/route#id" are not
 * checked against them; no page is in `pages` or `comparable`, so the rules
 * across pages find nothing yet. Reads no page cache and writes none.
 */
export function loadSiteShell(paths: ProjectPaths): LoadedSite {
  return loadHere(paths, loading(paths, silentProgress, { shell: true }), silentProgress)
}

/**
 * A loaded site without its pages, as loadSiteShell gives one (what a
 * bundle is made of), holding nothing of the pages: each comparable page's
 * digest alone is some kilobytes, hundreds of megabytes at 100,000 pages
 * (docs/measurements.md, "The build's order of work"), which a build holds
 * no longer than it needs them.
 */
export function withoutPages(loaded: LoadedSite): LoadedSite {
  const { keys: _, pendingSave: __, ...rest } = loaded
  return { ...rest, pages: [], comparable: [], problemParts: { ...loaded.problemParts, pages: new Map(), across: new Map() } }
}

/** Loading driven on this thread: every step answered by one share of the pages it reads. */
function loadHere(paths: ProjectPaths, steps: Generator<Step, LoadedSite, Answer>, progress: Progress): LoadedSite {
  let share: PageShare | undefined
  let next = steps.next()
  while (!next.done) {
    const step = next.value
    if (step.kind === 'pause') next = steps.next(undefined)
    else {
      share ??= new PageShare(paths, (step as Extract<Step, { kind: 'read' }>).files)
      next = steps.next(answerHere(share, step, progress))
    }
  }
  return next.value
}

/** A step answered on this thread, by the share of every page. */
function answerHere(share: PageShare, step: Exclude<Step, { kind: 'pause' }>, progress: Progress): Answer {
  const tick = () => progress.tick()
  if (step.kind === 'check') return { outcomes: share.check(step.routes, step.schemas, step.context, tick) }
  return { outcomes: share.read(step.routes, step.shared, tick), locator: (route) => (share.parsed(route) ? sourceOf(share.parsed(route)!).locate : undefined) }
}

/**
 * A worker per this many pages: below twice as many, loadSiteOnCores reads
 * them on this thread. Starting a worker costs about what reading 1,000
 * pages does: at 1,000 pages two workers were slower than one thread
 * (docs/measurements.md, "Loading and checking the site").
 */
const pagesPerWorker = 1000

/** Pages a step goes through on this thread between two pauses: a short enough piece of work for a request to wait on (docs/measurements.md, "Loading and checking the site"). */
const pauseEvery = 1000
const pause: Step = { kind: 'pause' }
/** Whether a step that goes through the pages pauses after its page at `index`. */
const pausesAfter = (index: number) => index % pauseEvery === pauseEvery - 1

/**
 * loadSite, with the pages read and checked on worker threads, up to one per
 * core: the same site and problems, sooner, for a build or a check of
 * thousands of pages.
 */
export async function loadSiteOnCores(paths: ProjectPaths, options: LoadOptions & { workers?: number; offThisThread?: boolean } = {}): Promise<LoadedSite> {
  const progress = options.progress ?? silentProgress
  const steps = loading(paths, progress, options)
  // As many workers as the pages to read or check call for: after one page's edit, none.
  const workersFor = (pages: number) => {
    const cores = options.workers ?? Math.min(availableParallelism(), Math.floor(pages / pagesPerWorker))
    // offThisThread: this thread has other work meanwhile (the studio's requests), so pages go to one thread at least.
    const count = options.offThisThread && pages > 0 ? Math.max(1, cores) : cores
    return count >= (options.offThisThread ? 1 : 2) ? count : 0
  }
  // The workers run the code that runs here (the studio's own when it edits a project that holds only its content).
  const startWorkers = (files: readonly (readonly [string, string])[], count: number) => PageWorkers.start(paths.root, files, count, codeRootOf(paths))
  let files: readonly (readonly [route: string, path: string])[] = []
  let workers: PageWorkers | undefined
  let share: PageShare | undefined
  try {
    let next = steps.next()
    while (!next.done) {
      const step = next.value
      if (step.kind === 'pause') {
        await nextTurn()
        next = steps.next(undefined)
        continue
      }
      if (step.kind === 'read') {
        files = step.files
        const count = workersFor(step.routes.length)
        if (count) workers = await startWorkers(files, count)
      } else if (!workers) {
        // Nothing (or little) to read, and many pages to check: kept pages are checked again when
        // what they read of the site changed (a picture they all show replaced, a shared block
        // renamed). On this thread alone, checking every page took longer than reading them (docs/measurements.md, "Loading and checking the site").
        const count = workersFor(step.routes.length)
        if (count) {
          const toCheck = new Set(step.routes)
          workers = await startWorkers(files.filter(([route]) => toCheck.has(route)), count)
        }
      }
      if (!workers) next = steps.next(answerHere((share ??= new PageShare(paths, files)), step, progress))
      else if (step.kind === 'read') next = steps.next({ outcomes: await workers.read(step.routes, step.shared, () => progress.tick()), locator: () => undefined })
      else {
        const outcomes = await workers.check(step.routes, step.index, step.keptValidators, () => progress.tick())
        // The check is the workers' last step: their heaps are
        // let go before the rules across pages, which were the build's peak of memory beside them.
        await workers.close()
        workers = undefined
        next = steps.next({ outcomes })
      }
    }
    return next.value
  } finally {
    await workers?.close()
  }
}

/**
 * Loading, step by step: list the routes, read every page (yielding to the
 * driver), gather what pages are checked against (media, schemas, shared
 * blocks, every page's ids), check every page (yielding again), then the
 * rules across pages and the site settings. Nothing is emitted here: the
 * caller decides what to do with the problems, and all of them are
 * collected before anything stops.
 */
function* loading(paths: ProjectPaths, progress: Progress, { cache: useCache = false, readAllData = false, keepIndex = false, saveLater = false, shell = false, schemaExamples = false }: Omit<LoadOptions, 'progress'> & { shell?: boolean }): Generator<Step, LoadedSite, Answer> {
  const cache = useCache ? PageCache.open(paths) : undefined
  yield pause
  const { problems, routeFiles } = listPages(paths)
  // Read every page first: links may point at #anchors on other pages,
  // including the ids of the shared blocks a page uses.
  const shared = readShared(paths)
  // The shell (loadSiteShell) knows the routes and reads no page.
  const files = shell ? [] : [...routeFiles]
  // A page read before with the same bytes, shared blocks and code is not read again. A page with nothing kept
  // is not hashed here: its facts come with its reading, of the bytes read (file-facts.ts's readWithFacts).
  const facts = new Map<string, FileFacts>()
  if (cache) {
    for (const [i, [route, path]] of files.entries()) {
      const kept = cache.get(route)
      if (kept) facts.set(route, fileFacts(path, kept.file))
      if (pausesAfter(i)) yield pause
    }
  }
  // One key for every page of this run; each page's own bytes are its file's hash.
  const readKey = cache?.key('read', shared.text)
  const readFromCache = new Map(files.flatMap(([route]) => {
    const kept = cache?.get(route)
    return kept && kept.readKey === readKey && kept.file.hash === facts.get(route)!.hash ? [[route, kept] as const] : []
  }))
  const toRead = files.map(([route]) => route).filter((route) => !readFromCache.has(route))
  progress.phase('read', toRead.length)
  const reading = (yield { kind: 'read', files, routes: toRead, shared: shared.value }) as Extract<Answer, { locator: unknown }>
  progress.end()
  const readOutcomes = new Map<string, ReadOutcome>()
  for (const { file, ...outcome } of reading.outcomes) {
    readOutcomes.set(outcome.route, outcome)
    if (file) facts.set(outcome.route, file)
  }
  for (const [route, kept] of readFromCache) readOutcomes.set(route, kept.read)
  const locate = (route: string): PageSource['locate'] => reading.locator(route) ?? locateReading(paths, routeFiles.get(route)!)
  const anchors = shell ? undefined : new Map(files.map(([route]) => [route, new Set(readOutcomes.get(route)!.anchors)]))
  const keptValidators = cache ? validatorCacheFile(paths.root, cache.code) : shell ? validatorCacheFile(paths.root, PageCache.codeKey(paths)) : undefined
  yield pause
  const targets = checkTargets(paths, routeFiles, anchors, shared, keptValidators, problems, { examples: schemaExamples })
  yield pause
  if (!targets.schemas) {
    // A faulty version declaration in a block schema: nothing can be checked against it.
    return { routes: routeFiles, pages: [], site: undefined, components: new Map(), problems, sharedBlocks: new Map(), comparable: [], media: targets.media, problemParts: { before: problems, pages: new Map(), across: new Map(), after: [] } }
  }
  const { schemas, fragments, media, components, index } = targets
  // Read from the cache and checked before against what it would read now
  // (pageCheckKeys: for a page that passed, the routes it links to and
  // their ids, so a page added, removed or renamed elsewhere changes nothing
  // of it): not checked again.
  const against = cache && checkedAgainst(cache.code, targets)
  const checkKeyOf = against && pageCheckKeys(against, linksAreHrefs(schemas), media)
  const stillHolds = (kept: CachedPage) => kept.checkKey === checkKeyOf!(kept.check!)
  const checkFromCache = new Map<string, CheckOutcome>()
  for (const [i, [route, kept]] of [...readFromCache].entries()) {
    if (kept.check && stillHolds(kept)) checkFromCache.set(route, kept.check)
    if (pausesAfter(i)) yield pause
  }
  const toCheck = files.map(([route]) => route).filter((route) => !checkFromCache.has(route))
  progress.phase('check', toCheck.length)
  const checking = (yield { kind: 'check', routes: toCheck, index, schemas, keptValidators, context: { fragments: fragments.valid, media } }) as { outcomes: CheckOutcome[] }
  const checkOutcomes = new Map<string, CheckOutcome>()
  for (const { file, ...outcome } of checking.outcomes) {
    checkOutcomes.set(outcome.route, outcome)
    // Read again to be checked, and written since it was read: what is kept of it must match no file.
    if (file && cache && facts.get(outcome.route)?.hash !== file.hash) facts.set(outcome.route, changedWhileRead(file.modified))
  }
  for (const [route, kept] of checkFromCache) checkOutcomes.set(route, withModified(kept, facts.get(route)!.modified))
  const pages: LoadedPage[] = []
  const valid: ComparablePage[] = []
  const own = new Map<string, Problem[]>()
  for (const [i, [route, path]] of files.entries()) {
    if (pausesAfter(i)) yield pause
    const read = readOutcomes.get(route)!
    const outcome = checkOutcomes.get(route)!
    // Each page's own: what kept it from being read, or its check's.
    own.set(route, [...read.problems, ...outcome.problems])
    if (!outcome.checked) continue
    const page = loadedPage(route, path, outcome.checked)
    valid.push(comparableOf(page, outcome.checked, display(paths, path), locate(route)))
    if (outcome.checked.resolved) pages.push(page)
  }
  yield pause
  // Kept only if the code and schemas still hash to the key taken before they were read: a schema saved while the
  // pages were checked (and later undone) would leave checks against it under the key of the schemas before.
  const held = cache && codeStillHeld(paths, cache.code) ? cache : undefined
  // Kept before the pages below are resolved further by anyone: what the next run starts from. A pause after each shard written.
  let saving: ReturnType<PageCache['saving']> | undefined
  if (held) {
    // Each page's check key is a hash of what it read of the site, so this loop pauses too (docs/measurements.md, "Loading and checking the site").
    const kept = new Map<string, CachedPage>()
    for (const [i, [route]] of files.entries()) {
      kept.set(route, { file: facts.get(route)!, readKey: readKey!, read: readOutcomes.get(route)!, ...(checkKeyOf ? { checkKey: checkKeyOf(checkOutcomes.get(route)!), check: checkOutcomes.get(route)! } : {}) })
      if (pausesAfter(i)) yield pause
    }
    saving = held.saving(kept)
  }
  if (!saveLater) for (const _ of saving ?? []) yield pause
  const across = keepIndex ? indexOf(valid).everyPage() : checkDistinctPages(valid)
  progress.end()
  yield pause

  const { site, after } = siteSettings(paths, schemas)
  pages.sort((a, b) => a.route.localeCompare(b.route))
  if (readAllData) {
    for (const [i, page] of pages.entries()) {
      void page.data
      if (pausesAfter(i)) yield pause
    }
  }
  const problemParts: ProblemParts = { before: problems, pages: own, across, after }
  const keys = held ? { code: held.code, read: readKey!, files: facts, against: against!, shown: shownFiles(checkOutcomes) } : undefined
  return { routes: routeFiles, pages, site, components, problems: problemsInOrder(problemParts, routeFiles.keys()), schemas, sharedBlocks: fragments.valid, comparable: valid, media, problemParts, ...(keys ? { keys } : {}), ...(saveLater && saving ? { pendingSave: saving } : {}) }
}

/**
 * Whether the code and schemas still hash to `code` (PageCache.codeKey),
 * taken before this run read them. (The validators compiled meanwhile are
 * kept under the schemas they were compiled from as well: keptValidatorsOf.)
 */
export function codeStillHeld(paths: ProjectPaths, code: string): boolean {
  return PageCache.codeKey(paths) === code
}

/** The files of public/ each page with no problem shows, by route: a page with a problem is checked again after any change. */
function shownFiles(outcomes: ReadonlyMap<string, CheckOutcome>): Map<string, readonly string[]> {
  return new Map([...outcomes].flatMap(([route, outcome]) => (outcome.checked && !outcome.problems.length && outcome.checked.media.length ? [[route, outcome.checked.media] as const] : [])))
}

/**
 * Where a value is in a page's file, for a page read on another thread: the
 * file is read and parsed again, once, the first time a rule across pages
 * has a problem to locate there (rarely: every page passing is the rule).
 */
export function locateReading(paths: ProjectPaths, path: string): PageSource['locate'] {
  let parsed: ReturnType<typeof parseYaml> | undefined
  return (at) => {
    parsed ??= parseYaml(display(paths, path), readFileSync(path))
    return parsed.ok ? locatePath(parsed.parsed, at) : { file: display(paths, path), line: 1, column: 1 }
  }
}

/** A kept check's outcome with the file's time when it was read for its hash (an untouched copy of a page may have been saved since). */
function withModified(outcome: CheckOutcome, modified: number): CheckOutcome {
  if (!outcome.checked) return outcome
  // Most files keep their time: the kept outcome as it is.
  return modified === outcome.checked.modified ? outcome : { ...outcome, checked: changedChecked(outcome.checked, { modified }) }
}
