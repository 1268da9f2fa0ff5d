import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { nearest } from '../problems/suggest.ts'
import { locatePath, type PathSegment } from '../yaml/locate.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'
import { classifyLink } from '../../shared/links.ts'
import type { Defs, JsonSchema } from './schema-files.ts'
import { valuesOfFormat } from './schema-walk.ts'

/** The ids each route's blocks define: what a link to "/route#id" may reach. Read, never written, by a check. */
export type Anchors = ReadonlyMap<string, ReadonlySet<string>>

/**
 * The part of a site a link's route ("" for the page itself) leads to: its
 * ids, how a message names it, and how a suggested link starts. Undefined:
 * not for this check to judge.
 */
type Reach = (route: string) => { ids: ReadonlySet<string>; named: string; linkTo: string } | undefined

/**
 * Every link under `value` (the fields `schema` says are links) to a part
 * of a page, "#id" or "/route#id", whose id `reach` does not know, with the
 * nearest id suggested. The one walk behind both checks of anchors: the
 * same page's (page-rules.ts) and other pages' (below).
 */
export function brokenAnchorLinks(parsed: ParsedYaml, value: unknown, schema: JsonSchema, defs: Defs, path: PathSegment[], reach: Reach): Problem[] {
  // Only a link with a #part can miss its anchor.
  return valuesOfFormat(value, schema, defs, 'link', { path, keep: (href) => href.includes('#') }).flatMap(({ path: at, value: href }) => {
    const verdict = classifyLink(href)
    const id = verdict.kind === 'internal' ? verdict.hash.slice(1) : ''
    const target = id && verdict.kind === 'internal' ? reach(verdict.route) : undefined
    if (!target || target.ids.has(id)) return []
    const ids = [...target.ids].sort()
    const suggestion = nearest(id, ids)
    return [problem('BrokenAnchor', { href, route: target.named, ids, ...(suggestion ? { suggestion: `${target.linkTo}${suggestion}` } : {}) }, locatePath(parsed, at))]
  })
}

/**
 * Links to a part of another page, "/route#id", whose route exists and has
 * no such id.
 *
 * The anchors come in as an argument, not from the schema set, so that one
 * page can be checked against ids as typed (the studio) while every other
 * check goes on reading the saved ones: nothing shared is changed for it.
 * A route that does not exist is the link format's to report.
 */
export function anchorLinkProblems(parsed: ParsedYaml, value: unknown, schema: JsonSchema, defs: Defs, at: { path: PathSegment[]; routes: ReadonlySet<string>; anchors: Anchors | undefined }): Problem[] {
  const { anchors, routes } = at
  if (!anchors) return []
  const none: ReadonlySet<string> = new Set()
  return brokenAnchorLinks(parsed, value, schema, defs, at.path, (route) => (route && routes.has(route) ? { ids: anchors.get(route) ?? none, named: route, linkTo: `${route}#` } : undefined))
}
