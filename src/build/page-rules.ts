import { problem } from './errors.ts'
import { locatePath, type PathSegment } from './locate.ts'
import type { ParsedYaml } from './parse-yaml.ts'
import type { Problem } from './problems.ts'
import type { Page } from '../generated/schema-types.ts'

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
        problems.push(problem('InvalidValue', { field: '"id"', problem: `"${fields.id}" is already used by another block on this page`, hint: 'Each id names one place on the page; pick another.' }, locatePath(parsed, [...path, 'id'])))
      }
      ids.add(fields.id)
    }
  })
  return problems
}
