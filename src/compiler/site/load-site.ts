import { existsSync, statSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { problem } from '../problems/errors.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import { capProblemsPerFile, PageProblemsError, type Problem } from '../problems/problems.ts'
import { reservedFolders, reservedRoutes, routeFromFile } from '../../shared/routes.ts'
import { loadSchemaSet, type SchemaSet } from '../schema/schema-set.ts'
import { validateDocument } from '../schema/validate-page.ts'
import { checkDistinctPages } from '../schema/page-rules.ts'
import { walkFiles } from './project-files.ts'
import { activeSvgProblems } from './svg-safety.ts'
import { listBlockComponents, registryMismatches } from './block-registry.ts'
import { display, linkProblems, sharedFile, siteFile, type ProjectPaths } from './project-paths.ts'
import { checkParsedPage, readAndParse, type ComparablePage } from './page-checks.ts'
import { loadFragments } from './shared-blocks.ts'
import { anchorsOf, resolvePage } from './resolve-page.ts'
import { mediaByUrl } from './public-media.ts'
import { silentProgress, type Progress } from '../progress/progress.ts'
import type { Block, Page, Site } from '../../generated/schema-types.ts'

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


/**
 * Read, parse and validate every page and the site settings. Nothing is
 * emitted here: the caller decides what to do with the problems, and all of
 * them are collected before anything stops.
 */
export function loadSite(paths: ProjectPaths, { progress = silentProgress }: { progress?: Progress } = {}): LoadedSite {
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
  progress.phase('read', routeFiles.size)
  const reads = new Map([...routeFiles].map(([route, path]) => [route, (progress.tick(), readAndParse(paths, path))]))
  progress.end()
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
  progress.phase('check', routeFiles.size)
  for (const [route, path] of routeFiles) {
    progress.tick()
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
  progress.end()

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

