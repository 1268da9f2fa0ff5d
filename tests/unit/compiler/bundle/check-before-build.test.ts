import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { dataExpression } from '../../../../src/compiler/bundle/module-source'
import { PageProblemsError } from '../../../../src/compiler/problems/problems'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * What `npm run check` passes, `npm run build` builds: each case here once
 * failed the build with no file or line (or a stack trace) after a clean
 * check. Now the check reports it, located, and the build stops with the
 * same problems before bundling.
 */
const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

function project(files: Record<string, string>, copy: ('src' | 'schema')[] = []) {
  const made = tempProject({ 'pages/_site.yaml': mini('_site.yaml'), 'pages/index.yaml': mini('index.yaml'), ...files }, { copyPages: false, copy })
  cleanups.push(made.remove)
  return made.root
}

const located = (root: string) => loadSite(projectPaths(root)).problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)

async function buildProblems(root: string): Promise<string[]> {
  const error = await buildSite({ root, logLevel: 'silent' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(PageProblemsError)
  return (error as PageProblemsError).problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)
}

describe('the check finds what would break the build', () => {
  it('a shared block that is a number, a list or nothing, used by a page', async () => {
    const root = project({
      'pages/_shared.yaml': 'foo: 42\nbar:\n  - type: intro\nbaz:\n',
      'pages/other.yaml': 'title: Other\ndescription: Another page.\nblocks:\n  - use: foo\n',
    })
    const problems = loadSite(projectPaths(root)).problems
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([
      'pages/_shared.yaml:1:6 FragmentNotABlock',
      'pages/_shared.yaml:3:3 FragmentNotABlock',
      'pages/_shared.yaml:4:1 FragmentNotABlock',
    ])
    expect(problems[0]!.message).toBe('The shared block "foo" must be a block (its fields, starting with "type:"), but here it is the number 42.')
    expect(await buildProblems(root)).toEqual(located(root))
  }, 60_000)

  it('a block schema without a component, and a component without a schema, at the file that is there', async () => {
    const root = project({}, ['src', 'schema'])
    const intro = readFileSync(join(root, 'schema/blocks/intro.schema.json'), 'utf8')
    const { writeFileSync, mkdirSync } = await import('node:fs')
    writeFileSync(join(root, 'schema/blocks/quote.schema.json'), intro.replaceAll('intro', 'quote'))
    rmSync(join(root, 'src/blocks/facts'), { recursive: true })
    rmSync(join(root, 'schema/blocks/steps.schema.json'))
    mkdirSync(join(root, 'src/blocks/carousel'))
    writeFileSync(join(root, 'src/blocks/carousel/index.tsx'), 'export default function Carousel() { return null }\n')
    const problems = located(root).filter((p) => /Component|Schema/.test(p))
    expect(problems).toEqual([
      'schema/blocks/facts.schema.json:1:1 BlockWithoutComponent',
      'schema/blocks/quote.schema.json:1:1 BlockWithoutComponent',
      'src/blocks/carousel/index.tsx:1:1 ComponentWithoutSchema',
      'src/blocks/steps/index.tsx:1:1 ComponentWithoutSchema',
    ])
    expect((await buildProblems(root)).filter((p) => /Component|Schema/.test(p))).toEqual(problems)
  }, 60_000)
})

describe('page data in the code', () => {
  const placeholders = ['__VITE_PRELOAD__', '__VITE_PUBLIC_ASSET__deadbeef__', '__VITE_ASSET__a1__', '!~{001}~', '%VITE_X%', '${x}', '{{x}}', '$&', 'new URL("x", import.meta.url)']

  it('holds no placeholder a bundler could rewrite, and evaluates to the same data', () => {
    const value = { title: placeholders.join(' '), list: placeholders, 'key__VITE_PRELOAD__': 'é 日本 🎉 \u2028 "q" \\ </script>', n: 1.5, yes: true, none: null }
    const code = dataExpression(value)
    for (const placeholder of placeholders) expect(code).not.toContain(placeholder)
    expect(code).not.toMatch(/__|\$\{|!~|%[A-Z]/)
    expect(new Function(`return ${code}`)()).toEqual(value)
  })
})
