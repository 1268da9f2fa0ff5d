import { problem } from '../problems/errors.ts'
import { locatePath, type PathSegment } from '../yaml/locate.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'
import type { Problem } from '../problems/problems.ts'
import type { Page } from '../../generated/schema-types.ts'

/**
 * Rules that JSON Schema cannot express, applied by field name to every
 * block so a new block type gets them for free:
 * - "highlight" must be a part of the same block's "title";
 * - "id" anchors must be unique within the page.
 */
export function checkPageRules(parsed: ParsedYaml, page: Page): Problem[] {
  const problems: Problem[] = []
  const ids = new Set<string>()
  page.blocks.forEach((block, index) => {
    const path: PathSegment[] = ['blocks', index]
    const fields = block as unknown as Record<string, unknown>
    if (typeof fields.highlight === 'string' && typeof fields.title === 'string' && !fields.title.includes(fields.highlight)) {
      problems.push(problem('HighlightNotInTitle', { highlight: fields.highlight, title: fields.title }, locatePath(parsed, [...path, 'highlight'])))
    }
    if (typeof fields.id === 'string') {
      if (ids.has(fields.id)) {
        problems.push(problem('DuplicateId', { id: fields.id }, locatePath(parsed, [...path, 'id'])))
      }
      ids.add(fields.id)
    }
  })
  return problems
}

/**
 * Rules across pages: no two pages share a title or a description. Each
 * later page in route order (whatever order the pages come in, so "/" is
 * never the one reported) is reported at its own field, naming the first.
 */
export function checkDistinctPages(pages: readonly { route: string; parsed: ParsedYaml; page: Page }[]): Problem[] {
  const problems: Problem[] = []
  const byRoute = [...pages].sort((a, b) => a.route.localeCompare(b.route))
  for (const field of ['title', 'description'] as const) {
    const first = new Map<string, string>()
    for (const { parsed, page } of byRoute) {
      const value = page[field].trim().toLowerCase()
      const other = first.get(value)
      if (other) problems.push(problem('SameAsOtherPage', { field, other }, locatePath(parsed, [field])))
      else first.set(value, parsed.file)
    }
  }
  return problems
}
