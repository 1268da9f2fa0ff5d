import { existsSync } from 'node:fs'
import { sourceOf } from '../schema/page-rules.ts'
import { indexAfterReplacing, placeInRouteOrder, sameMembers } from './cross-page-rules.ts'
import { problemsInOrder, type LoadedPage, type LoadedSite } from './load-site.ts'
import { comparableOf, loadedPage, PageShare } from './page-share.ts'
import type { ComparablePage } from './page-checks.ts'
import type { ProjectPaths } from './project-paths.ts'
import type { Problem } from '../problems/problems.ts'

/**
 * The site with one page's file read and checked again, the rest as it was
 * loaded: what an edit costs in the dev server and the studio, instead of
 * reading every page. The page goes through the same steps as in loadSite
 * (PageShare), then the rules across pages run again on their digests,
 * from the old site's index with this page replaced.
 *
 * Undefined when the edit may change how other pages check, so the caller
 * loads the whole site: a file that is not a route's (or is gone), a site
 * that did not load its schemas, or ids that changed (links to /route#id
 * elsewhere are checked against them).
 */
export function reloadPage(loaded: LoadedSite, paths: ProjectPaths, route: string): LoadedSite | undefined {
  const path = loaded.routes.get(route)
  const schemas = loaded.schemas
  if (!path || !schemas || !existsSync(path)) return undefined
  const share = new PageShare(paths, [[route, path]])
  const noProgress = () => {}
  const [read] = share.read([route], Object.fromEntries(loaded.sharedBlocks), noProgress)
  // Every other page was checked against this page's ids as they were.
  if (!sameMembers(new Set(read!.anchors), schemas.targets.anchors?.get(route) ?? new Set())) return undefined
  const [checked] = share.check([route], schemas, { fragments: loaded.sharedBlocks, media: loaded.media }, noProgress)
  const pages: LoadedPage[] = loaded.pages.filter((p) => p.route !== route)
  const comparable = loaded.comparable.filter((p) => p.route !== route)
  let replaced: ComparablePage | undefined
  if (checked!.checked) {
    const { file, locate } = sourceOf(share.parsed(route)!)
    const page = loadedPage(route, path, checked!.checked)
    replaced = comparableOf(page, checked!.checked, file, locate)
    comparable.push(replaced)
    // At its place among the others, which are in route order: sorting 10,000 pages again cost more than the rules across pages.
    if (checked!.checked.resolved) pages.splice(placeInRouteOrder(pages, route, (p) => p.route), 0, page)
  }
  // The old site's index of the rules across pages, with this page replaced: not every page's texts gathered again, and only the pages it names asked again.
  const { index, changed } = indexAfterReplacing(loaded.comparable, comparable, route, replaced)
  let across: Map<string, readonly Problem[]>
  if (changed) {
    across = new Map(loaded.problemParts.across)
    for (const other of changed) {
      const found = index.problemsAt(other)
      if (found.length) across.set(other, found)
      else across.delete(other)
    }
  } else across = index.everyPage()
  const problemParts = {
    ...loaded.problemParts,
    pages: new Map(loaded.problemParts.pages).set(route, [...read!.problems, ...checked!.problems]),
    across,
  }
  return { ...loaded, pages, comparable, problemParts, problems: problemsInOrder(problemParts, loaded.routes.keys()) }
}
