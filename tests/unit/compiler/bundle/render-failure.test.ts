import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { PageProblemsError, type Problem } from '../../../../src/compiler/problems/problems'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * A component that reads a field its block no longer has (a rename the
 * component missed) passes every check and fails in prerender. The build
 * says where: the route, the block (type, place, its line in the YAML) and
 * the component's own line, not a stack into the bundle.
 */
let project: ReturnType<typeof tempProject>
let problems: Problem[]
let type: string
let brokenLine: number

beforeAll(async () => {
  project = tempProject({}, { copy: ['src'] })
  // The block type of the last block of the first page with several blocks.
  const site = loadSite(projectPaths(project.root))
  type = site.pages.find((p) => p.page.blocks.length > 1)!.page.blocks.at(-1)!.type
  const component = join(project.root, 'src', 'blocks', type, 'index.tsx')
  const lines = readFileSync(component, 'utf8').split('\n')
  const start = lines.findIndex((line) => line.startsWith('export default function'))
  expect(start).toBeGreaterThanOrEqual(0)
  // As after "features" was renamed: the component still reads the old field.
  lines.splice(start + 1, 0, '  ;(arguments[0] as unknown as { features: string[] }).features.map(String)')
  brokenLine = start + 2
  writeFileSync(component, lines.join('\n'))
  const error = await buildSite({ root: project.root, outDir: join(project.root, 'dist'), logLevel: 'silent' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(PageProblemsError)
  problems = (error as PageProblemsError).problems
}, 120_000)
afterAll(() => project.remove())

describe('a block component that fails in prerender', () => {
  it('is one located problem at the block in its page’s YAML', () => {
    expect(problems).toHaveLength(1)
    const [found] = problems
    expect(found!.code).toBe('BlockRenderFailed')
    const line = readFileSync(join(project.root, found!.file), 'utf8').split('\n')[found!.line - 1]!
    expect(line.slice(found!.column - 1)).toMatch(new RegExp(`^(- )?type: ${type}$`))
  })

  it('names the route, the block and the component’s own line, through the source map', () => {
    const [found] = problems
    const page = loadSite(projectPaths(project.root)).pages.find((p) => p.path.endsWith(found!.file))!
    const index = page.page.blocks.findIndex((b) => b.type === type)
    expect(found!.message).toBe(
      `The "${type}" block (block ${index + 1} of ${page.route}) passed every check but its component failed while the page was prerendered: TypeError: Cannot read properties of undefined (reading 'map'), at src/blocks/${type}/index.tsx:${brokenLine}:${found!.message.match(/index\.tsx:\d+:(\d+)/)![1]}.`,
    )
    expect(found!.hint).toContain(`schema/blocks/${type}.schema.json`)
  })
})
