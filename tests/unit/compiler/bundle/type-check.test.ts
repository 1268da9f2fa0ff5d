import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { typeCheck } from '../../../../src/compiler/bundle/type-check'
import { PageProblemsError } from '../../../../src/compiler/problems/problems'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * The build type-checks src/: a component that still reads a field its
 * block's type no longer has (a rename the component missed) stops the
 * build at its own line. A pass is remembered by the content of src/, so a
 * stale pass cannot survive a change.
 */
let project: ReturnType<typeof tempProject>
let component: string
let original: string
beforeAll(() => {
  project = tempProject({}, { copy: ['src'] })
  component = join(project.root, 'src', 'blocks', 'intro', 'index.tsx')
  original = readFileSync(component, 'utf8')
})
afterAll(() => project.remove())

/** The intro component reading a field "features" that IntroBlock does not have; returns the line and column of the read. */
function readMissingField(): { line: number; column: number } {
  const lines = original.split('\n')
  const start = lines.findIndex((line) => line.startsWith('export default function'))
  const read = '  const features = (arguments[0] as IntroBlockLike).features'
  lines.splice(start + 1, 0, read, '  features.map(String)')
  writeFileSync(component, lines.join('\n').replace(/^import/m, 'type IntroBlockLike = import("../../generated/schema-types").IntroBlock\nimport'))
  // One line more above it: the type alias.
  return { line: start + 3, column: read.lastIndexOf('features') + 1 }
}

describe('the build’s type check', () => {
  it('stops the build with the component’s line when it reads a field its block does not have, and writes nothing', async () => {
    const at = readMissingField()
    const error = await buildSite({ root: project.root, outDir: join(project.root, 'dist'), logLevel: 'silent' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageProblemsError)
    const problems = (error as PageProblemsError).problems
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([`src/blocks/intro/index.tsx:${at.line}:${at.column} TypeCheckFailed`])
    expect(problems[0]!.message).toBe("Property 'features' does not exist on type 'IntroBlock'.")
  }, 60_000)

  it('remembers a pass by content: the same src/ passes again at once, a changed byte is checked again', () => {
    writeFileSync(component, original)
    expect(typeCheck(project.root)).toEqual([])
    expect(typeCheck(project.root)).toEqual([])
    readMissingField()
    expect(typeCheck(project.root).map((p) => p.code)).toEqual(['TypeCheckFailed'])
    writeFileSync(component, original)
    expect(typeCheck(project.root)).toEqual([])
  }, 60_000)
})
