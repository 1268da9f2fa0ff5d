import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { figures, specContentProblems } from '../../../scripts/spec-content'
import { tempProject } from '../../../scripts/temp-project'
import { projectRoot } from '../../support/fixture-targets'

/**
 * npm run spec-content is a review aid, outside npm test, so an author may
 * change a figure. Whatever the pages say today, it must notice a figure that
 * leaves its page: one still present is changed in a copy of the project.
 */
const project = tempProject()
afterAll(() => project.remove())

it('lists a figure of SPEC.md that an edit removed from its page, and nothing else new', () => {
  const before = specContentProblems(projectRoot)
  const file = (route: string) => join(project.root, 'pages', `${route.slice(1)}.yaml`)
  const [route, figure] = Object.entries(figures)
    .flatMap(([route, list]) => list.map((figure) => [route, figure] as const))
    .find(([route, figure]) => !before.some((p) => p.startsWith(`${route}:`)) && readFileSync(file(route), 'utf8').includes(figure))!
  writeFileSync(file(route), readFileSync(file(route), 'utf8').replaceAll(figure, 'a changed figure'))
  const after = specContentProblems(project.root)
  expect(after).toContain(`${route}: no longer says "${figure}"`)
  expect(after).toHaveLength(before.length + 1)
})
