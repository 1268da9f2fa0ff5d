import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PageProblemsError, type Problem } from '../problems/problems.ts'
import { loadSchemaSet, type SchemaSet } from '../schema/schema-set.ts'
import { pageKey } from '../cache/page-cache.ts'
import { currentStat } from '../cache/file-facts.ts'
import type { SiteIndex } from './page-workers.ts'
import type { parseYaml } from '../yaml/parse-yaml.ts'
import { walkFiles } from './project-files.ts'
import { publicCodeProblems } from './public-code.ts'
import { listBlockComponents, registryMismatches } from './block-registry.ts'
import { display, linkProblems, sharedFile, type ProjectPaths } from './project-paths.ts'
import { readAndParse } from './page-checks.ts'
import type { CheckOutcome } from './page-share.ts'
import { loadFragments } from './shared-blocks.ts'
import { filesBeside, mediaByUrl } from './public-media.ts'
import { schemaDocProblems } from '../schema/schema-docs.ts'
import { readSchemaFiles } from '../schema/schema-files.ts'
import { schemaExampleProblems } from './schema-examples.ts'

// What every page is checked against: the shared blocks, public/'s files,
// the schemas with every route and id, and the keys a check is kept under.

/** pages/_shared.yaml read and parsed (if there is one), its value, and that value as the text page keys are made of. */
export interface SharedRead {
  read: ReturnType<typeof parseYaml> | undefined
  value: unknown
  text: string
}

export function readShared(paths: ProjectPaths): SharedRead {
  const sharedPath = join(paths.pagesDir, sharedFile)
  const read = existsSync(sharedPath) ? readAndParse(paths, sharedPath) : undefined
  const value = read?.ok ? read.value : undefined
  return { read, value, text: JSON.stringify(value ?? null) }
}

/** What every page is checked against, or no schemas (their problems are in `problems`) when they could not be loaded. */
export type CheckTargets =
  | { schemas: SchemaSet; media: Map<string, string>; components: Map<string, string>; fragments: ReturnType<typeof loadFragments>; index: SiteIndex }
  | { schemas?: undefined; media: Map<string, string> }

/**
 * What pages are checked against, once every page is read: public/'s files
 * (with their problems), the schemas (with every route, file and anchor as
 * a link's targets), the block components and the shared blocks. Their
 * problems are added to `problems`, with the schemas' own rules, and with
 * `examples`, whether each block schema's examples pass here.
 */
export function checkTargets(paths: ProjectPaths, routeFiles: ReadonlyMap<string, string>, anchors: Map<string, Set<string>> | undefined, shared: SharedRead, keptValidators: string | undefined, problems: Problem[], { examples = false } = {}): CheckTargets {
  const publicFiles = walkFiles(paths.publicDir)
  problems.push(...linkProblems(paths, publicFiles.links, 'public/'))
  problems.push(...publicCodeProblems(publicFiles.files, (path) => display(paths, path)))
  const media = mediaByUrl(paths.publicDir, publicFiles.files)
  // The schemas' own rules beyond JSON Schema's (schema-docs.ts), said even when Ajv refuses one.
  const schemaFiles = readSchemaFiles(paths.schemaDir)
  problems.push(...schemaDocProblems(paths.schemaDir, schemaFiles))
  let schemas: SchemaSet
  try {
    schemas = loadSchemaSet(paths.schemaDir, { routes: new Set(routeFiles.keys()), media: new Set(media.keys()), fragments: new Set(), anchors }, { keptValidators, files: schemaFiles })
  } catch (error) {
    if (error instanceof PageProblemsError) {
      problems.push(...error.problems)
      return { media }
    }
    throw error
  }
  const components = listBlockComponents(paths.blocksDir)
  problems.push(...registryMismatches(schemas.blockTypes, components, { schemaDir: paths.schemaDir, display: (path) => display(paths, path) }))
  const fragments = loadFragments(shared.read, schemas, media, problems)
  for (const name of fragments.names) schemas.targets.fragments!.add(name)
  // The schemas' examples pass as a page's block here (their docs are checked above, with the schemas): see LoadOptions.schemaExamples.
  if (examples) problems.push(...schemaExampleProblems(paths.schemaDir, schemas, { fragments: fragments.valid, media }))
  const index: SiteIndex = {
    routes: [...routeFiles.keys()],
    media: [...media],
    fragments: [...fragments.valid],
    fragmentNames: [...fragments.names],
    anchors: [...(anchors ?? [])].map(([route, ids]) => [route, [...ids]]),
  }
  return { schemas, media, components, fragments, index }
}

/**
 * What the pages of a run were checked against (checkedAgainst): the key
 * of it all, the key of all but the routes and ids, and those routes and ids.
 */
export interface CheckedAgainst {
  key: string
  /** The key of all but the routes, the ids and public/'s files: the shared blocks and the code. */
  shared: string
  routes: string[]
  anchors: [route: string, ids: string[]][]
  /** Each file under public/ by its address, as the keys above saw it (its stat, or "gone" if it went meanwhile). */
  files: ReadonlyMap<string, string>
}

/** The routes `before` had that `now` has not, or has without an id they had. */
export function lostRoutes(before: Pick<CheckedAgainst, 'routes' | 'anchors'>, now: Pick<CheckedAgainst, 'routes' | 'anchors'>): Set<string> {
  const routes = new Set(now.routes)
  const anchors = new Map(now.anchors.map(([route, ids]) => [route, new Set(ids)]))
  const lost = new Set(before.routes.filter((route) => !routes.has(route)))
  for (const [route, ids] of before.anchors) if (!ids.every((id) => anchors.get(route)?.has(id))) lost.add(route)
  return lost
}

/**
 * What the pages of a run are checked against, as keys (beside the code's):
 * the index, and each file under public/ as it is, by the stat that changes
 * with its bytes (read once: the page keys below take them from here). A
 * page's data holds its pictures' pixel sizes and its checks read their
 * bytes: a picture replaced under the same name (another size, another
 * weight) changes what every page showing it was checked against. Each
 * page that passed is kept only under the routes, ids and files it reads
 * (see pageCheckKeys), as the check's summary keeps it (check-site.ts).
 */
export function checkedAgainst(code: string, targets: { index: SiteIndex; media: ReadonlyMap<string, string> }): CheckedAgainst {
  const files = new Map([...targets.media].map(([url, path]) => [url, currentStat(path) ?? 'gone']))
  const stats = [...files.values()].join(' ')
  const { routes, anchors, media: _, ...shared } = targets.index
  return {
    key: pageKey(code, 'check', JSON.stringify(targets.index), stats),
    shared: pageKey(code, 'check-shared', JSON.stringify(shared)),
    routes,
    anchors,
    files,
  }
}

/**
 * What a page's check is kept under (page-cache.ts), beside the code's:
 * what that check read of the site. A page that passed read, of the other
 * pages, only whether each route it links to is there, and its ids; and of
 * public/, only the files it names (that each is there, its bytes) and what
 * lies beside them (a picture's smaller copies and portrait version, which
 * its data lists: filesBeside). So a page added, removed or renamed
 * elsewhere, an id changed on a page it does not link to, or a picture
 * added or replaced that it does not show, leaves its check (and its entry
 * in the page cache) as it was. Its links are its digest's, the fields
 * named "href"; the files it names, every text of it that is one's address
 * (page-share.ts). When a schema has a link under another name
 * (`linksKnown` false, see linksAreHrefs), every page is kept under the
 * whole index, as every page was; so is a page with a problem, whose
 * message may suggest any route or file.
 */
export function pageCheckKeys(against: CheckedAgainst, linksKnown: boolean, media: ReadonlyMap<string, string>): (check: CheckOutcome) => string {
  if (!linksKnown) return () => against.key
  const routes = new Set(against.routes)
  const ids = new Map(against.anchors.map(([route, list]) => [route, list.join(' ')]))
  const fileRead = fileReads(against, media)
  return (check) => {
    if (!check.checked || check.problems.length) return against.key
    const reached = check.checked.digest.links.filter((to) => to.startsWith('/')).map((to) => (routes.has(to) ? `${to} ${ids.get(to) ?? ''}` : `${to} gone`))
    // A file it names that is gone: its check would fail now.
    const shown = check.checked.media.map(fileRead)
    return pageKey(against.shared, 'passed', reached.join('\n'), shown.join('\n'))
  }
}

/**
 * What a page that shows a file of public/ read of it (pageCheckKeys): the
 * file as it is (its stat, "gone" once it went) and what lies beside it.
 * Each file worked out once, however many pages show it.
 */
export function fileReads(against: Pick<CheckedAgainst, 'files'>, media: ReadonlyMap<string, string>): (url: string) => string {
  const reads = new Map<string, string>()
  return (url) => {
    let read = reads.get(url)
    if (read === undefined) reads.set(url, (read = media.has(url) ? `${url} ${against.files.get(url)} ${filesBeside(url, media)}` : `${url} gone`))
    return read
  }
}
