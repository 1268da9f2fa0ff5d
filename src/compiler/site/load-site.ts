import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, extname, join, relative } from 'node:path'
import { imageSize } from 'image-size'
import { problem } from '../problems/errors.ts'
import { parseYaml, type ParsedYaml } from '../yaml/parse-yaml.ts'
import { capProblemsPerFile, PageProblemsError, type Problem } from '../problems/problems.ts'
import { reservedFolders, reservedRoutes, routeFromFile } from '../../shared/routes.ts'
import { loadSchemaSet, type SchemaSet } from '../schema/schema-set.ts'
import { leftoverVersions, validateBlock, validateDocument, validatePage } from '../schema/validate-page.ts'
import { keyNodeAt, locatePath, locationOf } from '../yaml/locate.ts'
import { checkBlockRules, checkDistinctPages, checkPageRules } from '../schema/page-rules.ts'
import { walkFiles, type SkippedLink } from './project-files.ts'
import { mediaProblems, pictureExtensions } from './media-files.ts'
import { activeSvgProblems } from './svg-safety.ts'
import { videoSize } from './video-size.ts'
import { listBlockComponents, registryMismatches } from './block-registry.ts'
import type { Block, Page, Site } from '../../generated/schema-types.ts'
import type { BuiltImage, BuiltVideo } from '../../shared/image.ts'
import type { MediaEntry } from '../../shared/catalogue.ts'

export interface ProjectPaths {
  /** Project root; file names in problems are relative to it. */
  root: string
  pagesDir: string
  schemaDir: string
  publicDir: string
  /** src/blocks: one folder per block type, holding its component. */
  blocksDir: string
}

export function projectPaths(root: string): ProjectPaths {
  return { root, pagesDir: join(root, 'pages'), schemaDir: join(root, 'schema'), publicDir: join(root, 'public'), blocksDir: join(root, 'src/blocks') }
}

export interface LoadedPage {
  route: string
  /** Absolute path of the YAML file. */
  path: string
  page: Page
}

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
}

/** A page as the rules across pages (page-rules.ts, checkDistinctPages) read it. */
export interface ComparablePage {
  route: string
  parsed: ParsedYaml
  page: Page
  /** When the file last changed: of two pages with the same words, the newer is the copy. */
  modified: number
}

export const siteFile = '_site.yaml'
export const sharedFile = '_shared.yaml'

interface Fragments {
  /** Every name pages/_shared.yaml defines, valid or not, for "- use:" to refer to. */
  names: Set<string>
  /** The shared blocks that passed every check. */
  valid: Map<string, Block>
}

/**
 * Shared blocks: pages/_shared.yaml maps names to blocks, each validated
 * and checked by the block rules like a block on a page; a page uses one
 * with "- use: name". A "versions" mapping of numbers left from before
 * blocks were told by their shape is reported as on a page, not read as a
 * block.
 */
function loadFragments(read: ReturnType<typeof parseYaml> | undefined, schemas: SchemaSet, media: Map<string, string>, problems: Problem[]): Fragments {
  const fragments: Fragments = { names: new Set(), valid: new Map() }
  if (!read) return fragments
  if (!read.ok) {
    problems.push(...read.problems)
    return fragments
  }
  const value = read.value
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(problem('SharedNotAMapping', { found: describeValue(value) }, locationOf(read.parsed, read.parsed.doc.contents)))
    return fragments
  }
  const leftover = leftoverVersions(read.parsed, value)
  problems.push(...leftover)
  for (const [name, block] of Object.entries(value)) {
    if (leftover.length && name === 'versions') continue
    fragments.names.add(name)
    const blockProblems = !block || typeof block !== 'object' || Array.isArray(block)
      ? [problem('FragmentNotABlock', { name, found: describeValue(block) }, block === null ? locationOf(read.parsed, keyNodeAt(read.parsed, [], name)) : locatePath(read.parsed, [name]))]
      : 'use' in block
        ? [problem('FragmentWithFields', { field: 'use' }, locatePath(read.parsed, [name]))]
        : validateBlock(read.parsed, block, [name], schemas)
    if (!blockProblems.length) blockProblems.push(...checkBlockRules(read.parsed, block as Block, [name]), ...mediaProblems(read.parsed, block, [name], media))
    problems.push(...blockProblems)
    if (!blockProblems.length) fragments.valid.set(name, block as Block)
  }
  return fragments
}

/** A value that is not a set of fields, in words: "a list", "the number 42", "nothing". */
function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null || value === undefined) return 'nothing'
  return typeof value === 'string' ? `the text ${JSON.stringify(value)}` : `the ${typeof value} ${JSON.stringify(value)}`
}

/**
 * Read, parse and validate every page and the site settings. Nothing is
 * emitted here: the caller decides what to do with the problems, and all of
 * them are collected before anything stops.
 */
export function loadSite(paths: ProjectPaths): LoadedSite {
  const problems: Problem[] = []
  const pageFiles = walkFiles(paths.pagesDir)
  problems.push(...linkProblems(paths, pageFiles.links, 'pages/'))
  const files: string[] = []
  for (const file of pageFiles.files) {
    const name = basename(file)
    if (/\.ya?ml$/.test(name)) files.push(file)
    else if (!name.startsWith('.')) {
      // Dot files (.gitkeep, .DS_Store) are the system's; anything else was meant to be something.
      const rename = /\.ya?ml$/i.test(name) ? name.replace(/\.(ya?ml)$/i, (ext) => ext.toLowerCase()) : undefined
      problems.push(problem('NotAPageFile', { name: display(paths, file), ...(rename ? { rename } : {}) }, { file: display(paths, file), line: 1, column: 1 }))
    }
  }
  const routeFiles = new Map<string, string>()
  // Routes by their lower-case spelling: on Windows and macOS, two files
  // that differ only in capitals are one file.
  const folded = new Map<string, string>()
  for (const file of files) {
    const rel = relative(paths.pagesDir, file).replace(/\\/g, '/')
    const of = routeFromFile(rel)
    if (of.kind === 'invalid') {
      problems.push(problem('InvalidFileName', { name: of.segment }, { file: display(paths, file), line: 1, column: 1 }))
    } else if (of.kind === 'route') {
      const taken = routeFiles.get(of.route)
      const folder = [...reservedFolders].find(([prefix]) => of.route === prefix || of.route.startsWith(`${prefix}/`))
      const other = taken ? display(paths, taken) : (reservedRoutes.get(of.route) ?? folder?.[1])
      const sameLetters = folded.get(of.route.toLowerCase())
      if (other) {
        problems.push(problem('RouteCollision', { route: of.route, other }, { file: display(paths, file), line: 1, column: 1 }))
      } else if (sameLetters) {
        problems.push(problem('RouteCaseCollision', { route: of.route, otherRoute: sameLetters, other: display(paths, routeFiles.get(sameLetters)!) }, { file: display(paths, file), line: 1, column: 1 }))
      } else {
        routeFiles.set(of.route, file)
        folded.set(of.route.toLowerCase(), of.route)
      }
    }
  }
  // Read every page first: links may point at #anchors on other pages,
  // including the ids of the shared blocks a page uses.
  const reads = new Map([...routeFiles].map(([route, path]) => [route, readAndParse(paths, path)]))
  const sharedPath = join(paths.pagesDir, sharedFile)
  const sharedRead = existsSync(sharedPath) ? readAndParse(paths, sharedPath) : undefined
  const sharedValue = sharedRead?.ok ? sharedRead.value : undefined
  const anchors = new Map([...reads].map(([route, read]) => [route, read.ok ? anchorsOf(read.value, sharedValue) : new Set<string>()]))
  const publicFiles = walkFiles(paths.publicDir)
  problems.push(...linkProblems(paths, publicFiles.links, 'public/'))
  problems.push(...activeSvgProblems(publicFiles.files, (path) => display(paths, path)))
  const media = mediaByUrl(paths.publicDir, publicFiles.files)
  let schemas: SchemaSet
  try {
    schemas = loadSchemaSet(paths.schemaDir, { routes: new Set(routeFiles.keys()), media: new Set(media.keys()), fragments: new Set(), anchors })
  } catch (error) {
    // A faulty version declaration in a block schema: nothing can be checked against it.
    if (error instanceof PageProblemsError) return { routes: routeFiles, pages: [], site: undefined, components: new Map(), problems: [...problems, ...error.problems], sharedBlocks: new Map(), comparable: [] }
    throw error
  }
  const components = listBlockComponents(paths.blocksDir)
  problems.push(...registryMismatches(schemas.blockTypes, components, { schemaDir: paths.schemaDir, display: (path) => display(paths, path) }))
  const fragments = loadFragments(sharedRead, schemas, media, problems)
  for (const name of fragments.names) schemas.targets.fragments!.add(name)

  const pages: LoadedPage[] = []
  const valid: ComparablePage[] = []
  for (const [route, path] of routeFiles) {
    const read = reads.get(route)!
    const result = read.ok ? checkParsedPage(read.parsed, read.value, schemas, { fragments: fragments.valid, media }) : { problems: read.problems }
    problems.push(...result.problems)
    if (!result.page) continue
    // When two pages share hero words, the newer file is the copy.
    // A file removed since it was read (git checkout, another editor) counts as the newest.
    if (read.ok) valid.push({ route, parsed: read.parsed, page: result.page, modified: statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity })
    if (resolvePage(result.page, fragments.valid, media)) pages.push({ route, path, page: result.page })
  }
  problems.push(...checkDistinctPages(valid))

  let site: Site | undefined
  const sitePath = join(paths.pagesDir, siteFile)
  const read: ReturnType<typeof parseYaml> = existsSync(sitePath)
    ? readAndParse(paths, sitePath)
    : { ok: false, problems: [problem('MissingSiteFile', {}, { file: display(paths, sitePath), line: 1, column: 1 })] }
  if (read.ok) {
    const siteProblems = validateDocument(read.parsed, read.value, schemas)
    problems.push(...siteProblems)
    if (!siteProblems.length) site = read.value as Site
  } else problems.push(...read.problems)

  pages.sort((a, b) => a.route.localeCompare(b.route))
  return { routes: routeFiles, pages, site, components, problems: capProblemsPerFile(problems), schemas, sharedBlocks: fragments.valid, comparable: valid }
}

/**
 * The rules across pages for one page being edited (the studio, as the
 * author types): its text against every other page of the loaded site, as
 * the newest file, so words it shares with another page are reported here.
 * Only this page's problems are returned.
 */
export function checkAgainstSite(loaded: LoadedSite, route: string, parsed: ParsedYaml, page: Page): Problem[] {
  const others = loaded.comparable.filter((p) => p.route !== route)
  return checkDistinctPages([...others, { route, parsed, page, modified: Infinity }]).filter((p) => p.file === parsed.file)
}

/**
 * Make a valid page ready to render, in place: each "- use: name" becomes
 * a copy of that shared block, and images get their sizes. False when it
 * uses a shared block with problems (reported in pages/_shared.yaml, once).
 */
export function resolvePage(page: Page, sharedBlocks: ReadonlyMap<string, Block>, media: Map<string, string>): boolean {
  const uses = page.blocks.map((block) => (block as { use?: string }).use)
  if (uses.some((use) => use !== undefined && !sharedBlocks.has(use))) return false
  page.blocks = page.blocks.map((block, i) => (uses[i] ? structuredClone(sharedBlocks.get(uses[i])!) : block))
  addImageSizes(page, media)
  return true
}

/**
 * pages/_shared.yaml's text as it is being typed (the studio), checked as
 * loadSite checks it. Pages that use a name it drops are checked with the
 * whole site once the file is saved.
 */
export function checkSharedSource(file: string, bytes: Uint8Array, schemas: SchemaSet, media: Map<string, string>): Problem[] {
  const problems: Problem[] = []
  loadFragments(parseYaml(file, bytes), schemas, media, problems)
  return problems
}

/** Parse and validate one page's bytes; `file` is the name used in problems. */
export function checkPageSource(file: string, bytes: Uint8Array, schemas: SchemaSet, context?: PageContext): { page?: Page; problems: Problem[] } {
  const read = parseYaml(file, bytes)
  return read.ok ? checkParsedPage(read.parsed, read.value, schemas, context) : { problems: read.problems }
}

/** What a page is checked against beyond its schema: the valid shared blocks (their ids count on the page) and the public files (their kind and size). */
export interface PageContext {
  fragments: ReadonlyMap<string, Block>
  media?: ReadonlyMap<string, string>
}

function checkParsedPage(parsed: ParsedYaml, value: unknown, schemas: SchemaSet, context: PageContext = { fragments: new Map() }): { page?: Page; problems: Problem[] } {
  const read = { parsed, value }
  const problems = validatePage(read.parsed, read.value, schemas)
  if (problems.length) return { problems }
  const page = read.value as Page
  const ruleProblems = [...checkPageRules(read.parsed, page, context.fragments, schemas), ...(context.media ? mediaProblems(read.parsed, page.blocks, ['blocks'], context.media) : [])]
  return ruleProblems.length ? { problems: ruleProblems } : { page, problems: [] }
}

function readAndParse(paths: ProjectPaths, path: string): ReturnType<typeof parseYaml> {
  const file = display(paths, path)
  let bytes: Uint8Array
  try {
    bytes = readFileSync(path)
  } catch {
    return { ok: false, problems: [problem('EmptyFile', {}, { file, line: 1, column: 1 })] }
  }
  return parseYaml(file, bytes)
}

function display(paths: ProjectPaths, path: string): string {
  return relative(paths.root, path).replace(/\\/g, '/')
}

/** Every file under `dir`, sorted, without following a link out of it (project-files.ts). */
export function listFiles(dir: string): string[] {
  return walkFiles(dir).files
}

/** One located problem per link the walk did not follow; the link's target is never read or named. */
function linkProblems(paths: ProjectPaths, links: readonly SkippedLink[], folder: string): Problem[] {
  return links.map(({ path, why }) => {
    const at = { file: display(paths, path), line: 1, column: 1 }
    return why === 'outside' ? problem('LinkLeavesFolder', { folder }, at) : problem(why === 'loop' ? 'LinkLoop' : 'DanglingLink', {}, at)
  })
}

/** The ids a page's blocks give it, which links can reach as /route#id: its own, and those of the shared blocks it uses. */
export function anchorsOf(value: unknown, shared: unknown): Set<string> {
  const blocks = (value as { blocks?: unknown } | null)?.blocks
  const fragment = (use: unknown) => (typeof use === 'string' && shared && typeof shared === 'object' ? (shared as Record<string, unknown>)[use] : undefined)
  const ids = Array.isArray(blocks) ? blocks.map((b) => ((fragment((b as { use?: unknown } | null)?.use) ?? b) as { id?: unknown } | null)?.id) : []
  return new Set(ids.filter((id): id is string => typeof id === 'string'))
}

/** Public files by URL path ("/media/img/x.webp" -> absolute path). */
export function listMedia(publicDir: string): Map<string, string> {
  return mediaByUrl(publicDir, listFiles(publicDir))
}

function mediaByUrl(publicDir: string, files: readonly string[]): Map<string, string> {
  return new Map(files.map((file) => [`/${relative(publicDir, file).replace(/\\/g, '/')}`, file]))
}

/**
 * The pictures and videos an author can use: every picture and video under
 * public/ but the smaller copies made beside a picture (its srcset) and its
 * phone crop, with
 * file size and pixel size. The catalogue's media section and the studio's
 * picker list these.
 */
export function authorMedia(media: Map<string, string>): MediaEntry[] {
  const copies = new Set([...copiesIn(media).values()].flat().map((c) => c.path))
  for (const path of media.keys()) if (media.has(portraitOf(path))) copies.add(portraitOf(path))
  const entries: MediaEntry[] = []
  for (const [path, file] of [...media].sort(([a], [b]) => a.localeCompare(b))) {
    const extension = extname(path).slice(1).toLowerCase()
    const kind = extension in pictureExtensions ? 'picture' : extension === 'mp4' || extension === 'webm' ? 'video' : undefined
    if (!kind || copies.has(path)) continue
    const size = kind === 'picture' ? sizeOf(file, media) : videoSize(readFileSync(file))
    const base = path.slice(0, -extension.length - 1)
    const poster = kind === 'video' ? [...media.keys()].find((p) => p.startsWith(`${base}-poster.`)) : undefined
    const pair = kind === 'video' ? [`${base}.mp4`, `${base}.webm`].find((p) => p !== path && media.has(p)) : undefined
    entries.push({ path, kind, bytes: statSync(file).size, ...(size ? { width: size.width, height: size.height } : {}), ...(poster ? { poster } : {}), ...(pair ? { pair } : {}) })
  }
  return entries
}

/**
 * Give every image its intrinsic width and height, read from the file, so
 * the browser reserves its space and nothing shifts (CLS 0), and a srcset
 * when smaller copies exist beside the file. Images are the objects with a
 * "src" and an "alt" (the shared image definition).
 */
export function addImageSizes(value: unknown, media: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) addImageSizes(item, media)
    return
  }
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (typeof record.webm === 'string' && typeof record.mp4 === 'string') {
    const video = record as unknown as BuiltVideo
    const portrait = { webm: portraitOf(video.webm), mp4: portraitOf(video.mp4) }
    if (media.has(portrait.webm) && media.has(portrait.mp4)) video.portrait = portrait
  }
  if (typeof record.src === 'string' && typeof record.alt === 'string') {
    const image = record as unknown as BuiltImage
    const size = sizeOf(media.get(image.src), media)
    if (size && image.width === undefined) {
      image.width = size.width
      image.height = size.height
    }
    const srcset = size && srcsetOf(image.src, size.width, media)
    if (srcset) image.srcset = srcset
    const portrait = portraitOf(image.src)
    if (media.has(portrait)) image.portrait = portrait
  }
  for (const child of Object.values(record)) addImageSizes(child, media)
}

/**
 * "x-480w.webp 480w, x-800w.webp 800w, x.webp 1200w" from the copies
 * scripts/media makes beside x.webp, so small screens fetch small files.
 * Undefined when the image has no copies.
 */
function srcsetOf(src: string, width: number, media: Map<string, string>): string | undefined {
  const copies = copiesIn(media).get(src)?.filter((c) => c.width < width)
  if (!copies?.length) return undefined
  return [...copies, { path: src, width }].map((c) => `${c.path} ${c.width}w`).join(', ')
}

/**
 * "x-portrait.webp" beside "x.webp": a hero still's middle strip, drawn for
 * the tall box a phone shows it in; "x-portrait.webm" beside "x.webm" the
 * same for a loop (scripts/media/render.mjs makes them; components/backdrop.tsx
 * uses them).
 */
function portraitOf(src: string): string {
  return src.replace(/(\.[a-z0-9]+)$/i, '-portrait$1')
}

const copyIndexes = new WeakMap<Map<string, string>, Map<string, { path: string; width: number }[]>>()

/** The smaller copies of every public file ("/x.webp" -> x-480w.webp, ...), narrowest first; built once per listing. */
function copiesIn(media: Map<string, string>): Map<string, { path: string; width: number }[]> {
  let index = copyIndexes.get(media)
  if (!index) {
    index = new Map()
    for (const path of media.keys()) {
      const match = /^(.*)-(\d+)w(\.[a-z0-9]+)$/.exec(path)
      if (!match) continue
      const original = match[1]! + match[3]!
      if (!media.has(original)) continue
      index.set(original, [...(index.get(original) ?? []), { path, width: Number(match[2]) }].sort((a, b) => a.width - b.width))
    }
    copyIndexes.set(media, index)
  }
  return index
}

type Size = { width: number; height: number } | null

/**
 * Sizes read so far, per listing of public/: every loadSite lists it anew,
 * so `npm run dev` reads a replaced image again instead of keeping its old size.
 */
const sizeCaches = new WeakMap<Map<string, string>, Map<string, Size>>()

function sizeOf(file: string | undefined, media: Map<string, string>): Size {
  if (!file) return null
  let sizeCache = sizeCaches.get(media)
  if (!sizeCache) sizeCaches.set(media, (sizeCache = new Map()))
  if (!sizeCache.has(file)) {
    try {
      const { width, height } = imageSize(readFileSync(file))
      sizeCache.set(file, width && height ? { width, height } : null)
    } catch {
      sizeCache.set(file, null)
    }
  }
  return sizeCache.get(file) ?? null
}
