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
 * Every link under `value` (the fields `schema` says are links) to a part
 * of another page, "/route#id", whose route exists and has no such id.
 *
 * The anchors come in as an argument, not from the schema set, so that one
 * page can be checked against ids as typed (the studio) while every other
 * check goes on reading the saved ones: nothing shared is changed for it.
 * A route that does not exist is the link format's to report, and links to
 * "#id" on the same page are page-rules.ts's.
 */
export function anchorLinkProblems(parsed: ParsedYaml, value: unknown, schema: JsonSchema, defs: Defs, at: { path: PathSegment[]; routes: ReadonlySet<string>; anchors: Anchors | undefined }): Problem[] {
  const { anchors, routes } = at
  if (!anchors) return []
  return valuesOfFormat(value, schema, defs, 'link', at.path).flatMap(({ path, value: href }) => {
    const verdict = classifyLink(href)
    const id = verdict.kind === 'internal' ? verdict.hash.slice(1) : ''
    if (verdict.kind !== 'internal' || !id || !verdict.route || !routes.has(verdict.route) || anchors.get(verdict.route)?.has(id)) return []
    const ids = [...(anchors.get(verdict.route) ?? [])].sort()
    const suggestion = nearest(id, ids)
    return [problem('BrokenAnchor', { href, route: verdict.route, ids, ...(suggestion ? { suggestion: `${verdict.route}#${suggestion}` } : {}) }, locatePath(parsed, path))]
  })
}
