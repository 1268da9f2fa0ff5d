/**
 * What the studio answers from the site it has loaded, without touching a
 * file: a page's text checked as it is typed, the list of files with their
 * problem counts, the routes and anchors a link may go to, the pictures and
 * videos. The checks are the compiler's own.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { anchorsOf, authorMedia, checkAgainstSite, checkPageSource, checkSharedSource, resolvePage, sharedFile, siteFile, type LoadedSite } from '../../../compiler/index.ts'
import { capProblemsPerFile, sortProblems, type Problem } from '../../../compiler/problems/problems.ts'
import { validateDocument } from '../../../compiler/schema/validate-page.ts'
import { locatePath } from '../../../compiler/yaml/locate.ts'
import { parseYaml } from '../../../compiler/yaml/parse-yaml.ts'
import { routeFromFile } from '../../../shared/routes.ts'
import type { Site } from '../../../generated/schema-types.ts'
import type { CheckResult, FileSummary, MediaFile } from '../../shared/api.ts'
import { mediaUsage } from '../media-usage.ts'

/**
 * A file's text as typed, not yet saved, checked: a page against every
 * route, medium, anchor and shared block the site has now; the site
 * settings against their schema; pages/_shared.yaml's blocks as the build
 * checks them (the pages that use them, with the site when saved).
 */
export function checkText(loaded: LoadedSite, file: string, text: string): CheckResult {
  const display = `pages/${file}`
  const bytes = new TextEncoder().encode(text)
  const read = parseYaml(display, bytes)
  const site = loaded.site
  if (!read.ok) return { problems: read.problems, blockLines: [], ...(site ? { site } : {}) }
  const schemas = loaded.schemas
  const of = routeFromFile(file)
  if (!schemas) return { problems: problemsOf(loaded, file), blockLines: [] }
  if (file === siteFile) {
    const problems = validateDocument(read.parsed, read.value, schemas)
    return { problems, blockLines: [], ...(problems.length ? {} : { site: read.value as Site }) }
  }
  if (file === sharedFile) return { problems: sortProblems(checkSharedSource(display, bytes, schemas, loaded.media)), blockLines: [] }
  if (of.kind !== 'route') return { problems: [], blockLines: [] }
  // Links to this page's own parts ("/route#id") are checked against the
  // ids as typed: a map of its own for this check, beside the saved ids of
  // every other page, which stay as they are.
  const saved = schemas.targets.anchors
  const anchors = saved && new Map(saved).set(of.route, anchorsOf(read.value, Object.fromEntries(loaded.sharedBlocks)))
  const result = checkPageSource(display, bytes, schemas, { fragments: loaded.sharedBlocks, media: loaded.media, ...(anchors ? { anchors } : {}) })
  const blocks = (read.value as { blocks?: unknown })?.blocks
  const blockLines = Array.isArray(blocks) ? blocks.map((_, i) => locatePath(read.parsed, ['blocks', i]).line) : []
  // The rules across pages (starter text, words copied from another page, a
  // back link to the wrong hub) need a page valid on its own. Their
  // problems are listed, but the preview still shows the page: it renders.
  const across = result.page ? checkAgainstSite(loaded, of.route, read.parsed, result.page) : []
  const page = result.page && resolvePage(result.page, loaded.sharedBlocks, loaded.media) ? result.page : undefined
  return { problems: capProblemsPerFile(sortProblems([...result.problems, ...across])), blockLines, ...(page ? { page } : {}), ...(site ? { site } : {}) }
}

/** The problems the loaded site has in `file` (under pages/). */
export function problemsOf(loaded: LoadedSite, file: string): Problem[] {
  return sortProblems(loaded.problems.filter((p) => p.file === `pages/${file}`))
}

/** The problems in `after` that `before` did not have: what a rename or delete broke elsewhere. */
export function newProblems(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const key = (p: Problem) => `${p.file}:${p.line}:${p.column}:${p.code}`
  const had = new Set(before.map(key))
  return sortProblems(after.filter((p) => !had.has(key(p))))
}

/** What the two files that are not pages hold, in the list's words (their names mean nothing to an author). */
const settingsTitles = new Map([
  [siteFile, 'Site settings: header menus and footer'],
  [sharedFile, 'Blocks shared by several pages'],
])

/** How the list names a file: its path under pages/, and a page's title read from its text while the site is not yet checked. */
export interface FileNaming {
  pagesDir: string
  checked: boolean
  relative(path: string): string
  titleFromText(file: string): string | undefined
}

/** Every file of the site, settings first, then pages by route, each with its title and problem count. */
export function fileList(loaded: LoadedSite, naming: FileNaming): FileSummary[] {
  const counts = new Map<string, number>()
  for (const p of loaded.problems) counts.set(p.file, (counts.get(p.file) ?? 0) + 1)
  // From what the check kept: p.page would parse every page's data (and, from the page cache, read it all from disk) for its title.
  const titles = new Map(loaded.pages.map((p) => [p.route, p.title]))
  const files: { file: string; route?: string }[] = [siteFile, sharedFile].filter((f) => existsSync(join(naming.pagesDir, f))).map((file) => ({ file }))
  const pages = [...loaded.routes].map(([route, path]) => ({ file: naming.relative(path), route }))
  for (const problem of loaded.problems) {
    const file = problem.file.replace(/^pages\//, '')
    if (!files.some((f) => f.file === file) && !pages.some((p) => p.file === file)) files.push({ file })
  }
  return [...files, ...pages.sort((a, b) => a.route.localeCompare(b.route))].map((f) => {
    // While the whole site is read, a page's title comes when it is checked: reading every file here would hold the first answer back.
    const title = f.route ? (titles.get(f.route) ?? (naming.checked ? naming.titleFromText(f.file) : undefined)) : settingsTitles.get(f.file)
    return { ...f, ...(title ? { title } : {}), problems: counts.get(`pages/${f.file}`) ?? 0 }
  })
}

/** Every route, and the ids each route's blocks define (links may go to /route#id), with each valid page's title to show beside its route. */
export function linkTargets(loaded: LoadedSite): { routes: string[]; anchors: Record<string, string[]>; titles: Record<string, string> } {
  const anchors = loaded.schemas?.targets.anchors ?? new Map<string, Set<string>>()
  return {
    routes: [...loaded.routes.keys()].sort(),
    anchors: Object.fromEntries([...anchors].map(([route, ids]) => [route, [...ids].sort()])),
    titles: Object.fromEntries(loaded.pages.map(({ route, title }) => [route, title])),
  }
}

/** Pictures and videos under public/, without the smaller copies made beside them, with where the pages use them and how they describe them. */
export function mediaList(loaded: LoadedSite): MediaFile[] {
  const usage = mediaUsage(loaded.pages)
  return authorMedia(loaded.media).map(({ path, kind }) => {
    const used = usage.get(path)
    return { path, kind: kind === 'video' ? 'video' : 'image', ...(used ? { described: [...used.alts], usedOn: [...used.routes] } : {}) }
  })
}
