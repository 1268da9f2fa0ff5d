import { statSync } from 'node:fs'
import type { Problem } from '../problems/problems.ts'
import { keptAsText, type ParseResult } from '../yaml/parse-yaml.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import { checkParsedPage, readPage, type ComparablePage } from './page-checks.ts'
import type { FileFacts } from '../cache/file-facts.ts'
import { eachText, pageDigest, type PageDigest, type PageSource } from '../schema/page-rules.ts'
import { anchorsOf, resolvePage } from './resolve-page.ts'
import type { ProjectPaths } from './project-paths.ts'
import type { Block, Page } from '../../generated/schema-types.ts'
import { pageDataBytes, pageDataText, pageJson, previewImage } from '../../prerender/html.ts'
import { hashOf } from '../cache/content-hash.ts'

/** A page that passed every check, as the site holds it (LoadedSite's pages). */
export interface LoadedPage {
  route: string
  /** Absolute path of the YAML file. */
  path: string
  /** The page, parsed from `data` the first time it is read (see loadedPage). */
  readonly page: Page
  /** Its title, as written: a list of every page shows it without parsing each page's data. */
  title: string
  /**
   * The page as its data file holds it (its shared blocks and pictures'
   * sizes filled in), in UTF-8. A page from the page cache reads it from
   * there when first asked: a build renders few pages after an edit.
   */
  readonly data: Uint8Array
  /** The hash of `data` (content-hash.ts's hashOf), which a render's key is made of. */
  readonly dataHash: string
  /** The first picture it shows, for link previews. */
  image?: string
  /** It asks to stay out of search engines and the sitemap (the page's noindex). */
  noindex?: true
}

/** A page read and parsed: its problems if it cannot be read, and the ids its blocks give it. */
export interface ReadOutcome {
  route: string
  problems: Problem[]
  anchors: string[]
  /** The facts of the bytes read (their hash), for what the page cache keeps of this run's reading; never kept itself. */
  file?: FileFacts
}

/** A page checked against the site: its problems, or the page ready to render. */
export interface CheckOutcome {
  route: string
  problems: Problem[]
  /** When the check read the file again (PageShare's keepRead), the facts of those bytes; never kept. */
  file?: FileFacts
  /** The page, when it passed its own checks, with what the rules across pages need. */
  checked?: {
    /**
     * The page (its shared blocks and pictures' sizes filled in), as its
     * data file holds it: UTF-8 bytes, not objects, since every page is held
     * at once and crosses from a worker thread (see loadedPage).
     */
    readonly data: Uint8Array
    /** The hash of `data`, worked out here (on a worker, when there are some). */
    dataHash: string
    /** The first picture it shows, for link previews. */
    image?: string
    /** It asks to stay out of search engines and the sitemap. */
    noindex?: true
    /** Its title, as written (lists of pages show it). */
    title: string
    /** Every shared block it uses passed its checks: the page can be rendered. */
    resolved: boolean
    /** The blocks written "- use:" (the page holds them resolved). */
    sharedAt: number[]
    /** The files under public/ it names (every text of it that is one's address): what its check and its data read of public/ (see pageCheckKeys). */
    media: string[]
    /** When the file last changed: of two pages with the same words, the newer is the copy. */
    modified: number
    /** What the rules across pages compare of it, worked out here (on a worker, when there are some) and kept in the page cache. */
    digest: PageDigest
  }
}

type Checked = NonNullable<CheckOutcome['checked']>

/**
 * A checked page with some of its fields changed, its data untouched: a page
 * from the page cache reads its data when first asked (a getter), and a
 * spread would ask.
 */
export function changedChecked(checked: Checked, changes: Partial<Omit<Checked, 'data'>>): Checked {
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(checked), ...Object.getOwnPropertyDescriptors(changes) }) as Checked
}

/** A checked page as the rules across pages compare it; `file` and `locate` say where its values are written. */
export function comparableOf(page: LoadedPage, checked: NonNullable<CheckOutcome['checked']>, file: string, locate: PageSource['locate']): ComparablePage {
  return {
    route: page.route,
    get page() {
      return page.page
    },
    modified: checked.modified,
    digest: checked.digest,
    source: { file, locate, usesShared: (i) => checked.sharedAt.includes(i) },
  }
}

/**
 * A loaded page as kept: its JSON in UTF-8, parsed the first time its
 * content is read, then kept. At 100,000 pages the objects of every page
 * would not fit in the memory a build may use. Nor, quite, would their
 * text: one character beyond Latin-1 (a euro sign) makes V8 keep a whole
 * string at two bytes a character, and UTF-8 keeps it at about one. The
 * build passes the bytes on as they are (the data file, the render's key).
 */
export function loadedPage(route: string, path: string, checked: Pick<NonNullable<CheckOutcome['checked']>, 'data' | 'dataHash' | 'image' | 'noindex' | 'title'>): LoadedPage {
  let page: Page | undefined
  const data = dataOf(checked)
  return {
    route,
    path,
    get data() {
      return data()
    },
    dataHash: checked.dataHash,
    title: checked.title,
    ...(checked.image ? { image: checked.image } : {}),
    ...(checked.noindex ? { noindex: true } : {}),
    get page() {
      return (page ??= JSON.parse(pageDataText(data())) as Page)
    },
  }
}

/**
 * A checked page's data, holding nothing else of it: a loaded page outlives
 * the rest of its check (its digest, some kilobytes a page, is the rules
 * across pages' alone). Its bytes, or the page cache's getter, which reads
 * them when first asked and holds only the data's hash (page-cache.ts).
 */
function dataOf(checked: Pick<NonNullable<CheckOutcome['checked']>, 'data'>): () => Uint8Array {
  const own = Object.getOwnPropertyDescriptor(checked, 'data')!
  if (!own.get) {
    const bytes = own.value as Uint8Array
    return () => bytes
  }
  // Called alone, not on `checked`: the page cache's getter reads no `this`, and holding `checked` is what this avoids.
  const read = own.get
  return () => read.call(undefined) as Uint8Array
}

/** What one page is checked against besides its schemas (loadSchemaSet's targets). */
export interface CheckContext {
  fragments: ReadonlyMap<string, Block>
  media: ReadonlyMap<string, string>
}

/**
 * Some of the site's pages, read and then checked on one thread: loadSite
 * runs one share of every page, or one per worker thread (page-workers.ts).
 * The parsed files are kept between the two steps, since checking a page
 * needs the ids of every other page, which only reading them all gives.
 */
export class PageShare {
  private readonly reads = new Map<string, ParseResult>()
  private readonly files: ReadonlyMap<string, string>

  constructor(
    private readonly paths: ProjectPaths,
    files: readonly (readonly [route: string, path: string])[],
    /**
     * Let each file go once its page is checked, when nothing will ask where
     * its values are written: a worker's share (the main thread locates its
     * own), whose memory then holds at most the pages not yet checked.
     * `keepRead: false` keeps none between the two steps, and reads each page
     * again to check it: a share too large to hold (at 100,000 pages) pays a
     * second parse rather than the memory.
     */
    private readonly options: { releaseChecked?: boolean; keepRead?: boolean } = {},
  ) {
    this.files = new Map(files)
  }

  /** Read these routes of the share (those it has), in order. */
  read(routes: readonly string[], shared: unknown, tick: () => void): ReadOutcome[] {
    return this.mine(routes).map(([route, path]) => {
      tick()
      const { read, file } = readPage(this.paths, path)
      // Held until the page is checked, for every page of the share: as text, not as a YAML document.
      if (this.options.keepRead !== false) this.reads.set(route, read.ok ? { ...read, parsed: keptAsText(read.parsed) } : read)
      return { route, problems: read.ok ? [] : read.problems, anchors: read.ok ? [...anchorsOf(read.value, shared)] : [], file }
    })
  }

  /** Check these routes of the share (those it has), in order; a route not read yet is read now (its read problems were reported from the cache). */
  check(routes: readonly string[], schemas: SchemaSet, context: CheckContext, tick: () => void): CheckOutcome[] {
    return this.mine(routes).map(([route, path]) => {
      tick()
      const held = this.reads.get(route)
      const again = held ? undefined : readPage(this.paths, path)
      const read = held ?? again!.read
      if (this.options.releaseChecked) this.reads.delete(route)
      // Read again: the page cache is told which bytes were checked (loading compares them with those read).
      const file = again ? { file: again.file } : {}
      if (!read.ok) return { route, problems: [], ...file }
      const result = checkParsedPage(read.parsed, read.value, schemas, { fragments: context.fragments, media: context.media })
      if (!result.page) return { route, problems: result.problems, ...file }
      const sharedAt = result.page.blocks.flatMap((block, i) => ((block as { use?: unknown }).use === undefined ? [] : [i]))
      // A file removed since it was read (git checkout, another editor) counts as the newest.
      const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity
      const resolved = resolvePage(result.page, context.fragments, context.media)
      // Of the page as resolved: a shared block's id and links count where it is used.
      const digest = pageDigest(result.page, { usesShared: (i) => sharedAt.includes(i) })
      const image = previewImage(result.page)
      const data = pageDataBytes(pageJson(result.page))
      // Every text that is a file's address, whatever field holds it: a new block's media field is found without knowing its name.
      const media = new Set<string>()
      eachText(result.page.blocks, [], (text) => {
        if (context.media.has(text)) media.add(text)
      })
      return { route, problems: result.problems, ...file, checked: { data, dataHash: hashOf(data), ...(image ? { image } : {}), ...(result.page.noindex ? { noindex: true as const } : {}), title: result.page.title, resolved, sharedAt, media: [...media], modified, digest } }
    })
  }

  /** The parsed file of a route this share read (undefined if it could not be parsed). */
  parsed(route: string) {
    const read = this.reads.get(route)
    return read?.ok ? read.parsed : undefined
  }

  private mine(routes: readonly string[]): [string, string][] {
    return routes.flatMap((route) => {
      const path = this.files.get(route)
      return path === undefined ? [] : [[route, path] as [string, string]]
    })
  }
}
