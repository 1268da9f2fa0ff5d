import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { sourceHash, typeCheck, typeCheckThreadRunning, typeCheckThreadStarted } from '../../../../src/compiler/bundle/type-check'
import { forgetPass, passedBefore } from '../../../../src/compiler/bundle/type-program'
import { PageProblemsError } from '../../../../src/compiler/problems/problems'
import { tempProject } from '../../../../scripts/temp-project'
import type { Progress } from '../../../../src/compiler/progress/progress'

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

  it('reports a component that does not parse at its line, from the type check, not as the bundler’s failure', async () => {
    writeFileSync(component, original.replace(/^export default function (\w+)\(/m, 'export default function $1(,'))
    const error = await buildSite({ root: project.root, outDir: join(project.root, 'dist'), logLevel: 'silent' }).catch((e: unknown) => e)
    writeFileSync(component, original)
    expect(error).toBeInstanceOf(PageProblemsError)
    expect((error as PageProblemsError).problems.map((p) => `${p.file} ${p.code}`)).toContain('src/blocks/intro/index.tsx TypeCheckFailed')
  }, 60_000)

  it('remembers a pass by content: the same src/ passes again at once, a changed byte is checked again', async () => {
    writeFileSync(component, original)
    expect(await typeCheck(project.root)).toEqual([])
    expect(await typeCheck(project.root)).toEqual([])
    readMissingField()
    expect((await typeCheck(project.root)).map((p) => p.code)).toEqual(['TypeCheckFailed'])
    writeFileSync(component, original)
    expect(await typeCheck(project.root)).toEqual([])
  }, 60_000)

  it('keeps a pass across a change to styles alone, which TypeScript never reads', async () => {
    writeFileSync(component, original)
    expect(await typeCheck(project.root)).toEqual([])
    const styles = join(project.root, 'src', 'blocks', 'intro', 'intro.module.css')
    const stylesBefore = readFileSync(styles, 'utf8')
    const before = sourceHash(project.root)
    writeFileSync(styles, `${stylesBefore}\n.another {\n  color: inherit;\n}\n`)
    expect(sourceHash(project.root), 'the pass is found under the same key').toBe(before)
    expect(await typeCheck(project.root)).toEqual([])
    writeFileSync(styles, stylesBefore)
  })

  it('remembers a pass only under the hash of the files it checked: code written after the build took its hash is checked again', async () => {
    readMissingField()
    const withError = sourceHash(project.root)
    // Fixed after the hash was taken (as while a build runs): the check reads the fixed code, and passes...
    writeFileSync(component, original)
    expect(await typeCheck(project.root, { hash: withError })).toEqual([])
    expect(passedBefore(project.root, withError), 'not under the bytes before').toBe(false)
    // ...and the error put back is found.
    readMissingField()
    expect((await typeCheck(project.root)).map((p) => p.code)).toEqual(['TypeCheckFailed'])
    writeFileSync(component, original)
  }, 60_000)

  it('counts the declarations of .mjs modules (.d.mts) among what it checks', () => {
    const declarations = join(project.root, 'src', 'compiler', 'threads', 'bundled-module.d.mts')
    const before = readFileSync(declarations, 'utf8')
    const hash = sourceHash(project.root)
    writeFileSync(declarations, `${before}
export declare const changed: number
`)
    try {
      expect(sourceHash(project.root)).not.toBe(hash)
    } finally {
      writeFileSync(declarations, before)
    }
  })

  it('checks on a thread kept for the next check, or ended with its answer for a process that builds once', async () => {
    writeFileSync(component, `${original}\n// kept ${Date.now()}\n`)
    expect(await typeCheck(project.root)).toEqual([])
    expect(typeCheckThreadRunning()).toBe(true)
    writeFileSync(component, `${original}\n// once ${Date.now()}\n`)
    expect(await typeCheck(project.root, { keep: false })).toEqual([])
    expect(typeCheckThreadRunning()).toBe(false)
    writeFileSync(component, original)
  }, 60_000)

  it('is done beside the load of a few pages, and before the load of many, whose workers fill both cores', async () => {
    writeFileSync(component, original)
    const runningAsReadStarts = async (besideAtMost?: number) => {
      // Its pass forgotten, the code is checked again as the build starts; unchanged, its bundle and drawn pages are kept.
      forgetPass(project.root, sourceHash(project.root))
      let running: boolean | undefined
      const progress: Progress = { phase: (name) => name === 'read' && (running ??= typeCheckThreadRunning()), tick() {}, end() {} }
      await buildSite({ root: project.root, outDir: join(project.root, 'dist'), logLevel: 'silent', once: true, progress, ...(besideAtMost === undefined ? {} : { typeCheckBesideAtMost: besideAtMost }) })
      return running
    }
    expect(await runningAsReadStarts(), 'the real site: 42 pages').toBe(true)
    expect(await runningAsReadStarts(10), 'more pages than that').toBe(false)
  }, 120_000)

  it('stops the check when aborted, its thread with it, and checks again when next asked', async () => {
    writeFileSync(component, `${original}\n// aborted ${Date.now()}\n`)
    const hash = sourceHash(project.root)
    const stop = new AbortController()
    const checking = typeCheck(project.root, { signal: stop.signal })
    // Once the thread has it: the check is under way.
    await typeCheckThreadStarted()
    stop.abort()
    await expect(checking).rejects.toThrow()
    expect(typeCheckThreadRunning()).toBe(false)
    expect(passedBefore(project.root, hash)).toBe(false)
    expect(await typeCheck(project.root)).toEqual([])
    expect(passedBefore(project.root, hash)).toBe(true)
    writeFileSync(component, original)
  }, 60_000)

  // Last: the renamed types put back pass at once, as remembered, so TypeScript's record stays at the
  // renamed ones, and the next check would look again at every file that imports them.
  it('looks again at what a change reaches, from TypeScript’s record of the last check, and the record never hides a problem', async () => {
    const types = join(project.root, 'src', 'generated', 'schema-types.ts')
    const typesBefore = readFileSync(types, 'utf8')
    writeFileSync(component, original)
    expect(await typeCheck(project.root)).toEqual([])
    // The intro block's "eyebrow" renamed in its type: the component, not edited, reads a field its block no longer has.
    const intro = typesBefore.indexOf('export interface IntroBlock {')
    expect(intro).toBeGreaterThanOrEqual(0)
    writeFileSync(types, typesBefore.slice(0, intro) + typesBefore.slice(intro).replace('eyebrow?: string', 'kicker?: string'))
    const broken = (await typeCheck(project.root)).map((p) => `${p.file} ${p.message}`)
    expect(broken).toContain("src/blocks/intro/index.tsx Property 'eyebrow' does not exist on type 'IntroBlock'.")
    // Checked again with nothing changed (the pass cache keeps passes only): the same problems, from the record.
    expect((await typeCheck(project.root)).map((p) => `${p.file} ${p.message}`)).toEqual(broken)
    writeFileSync(types, typesBefore)
    expect(await typeCheck(project.root)).toEqual([])
  }, 60_000)
})
