import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listFiles } from '../../../src/compiler/index'
import { projectRoot } from '../../support/fixture-targets'

/**
 * The folders say where code runs. src/shared runs in the browser and in
 * Node; the browser code (app, blocks, components, render, motion and the
 * two entries) is bundled for the browser and for prerendering. Neither may
 * import Node-only code (src/compiler, src/serve, scripts, node: modules),
 * not even a type: a type import today becomes a value import tomorrow.
 */
const src = join(projectRoot, 'src')
const browserSide = ['shared', 'app', 'blocks', 'components', 'render', 'motion', 'main.tsx', 'entry-server.tsx'].map((p) => join(src, p))
// src/prerender is the server build's own: it draws pages with the browser code, and writes files.
const nodeOnly = ['compiler', 'serve', 'prerender'].map((p) => join(src, p)).concat(join(projectRoot, 'scripts'))

interface Import {
  specifier: string
  /** The file it resolves to, for a relative import. */
  file?: string
  typeOnly: boolean
}

const importPattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(importPattern)].map((m) => {
    const specifier = (m[3] ?? m[4])!
    return { specifier, typeOnly: Boolean(m[2]), ...(specifier.startsWith('.') ? { file: resolveImport(file, specifier) } : {}) }
  })
}

function resolveImport(from: string, specifier: string): string {
  const base = join(dirname(from), specifier)
  const candidates = [base, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext)]
  return candidates.find((c) => existsSync(c) && !c.endsWith('/')) ?? base
}

const sourceFiles = listFiles(src).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
const inside = (file: string, roots: string[]) => roots.some((root) => file === root || file.startsWith(`${root}/`))
const nodeModules = new Set(['fs', 'path', 'url', 'os', 'child_process', 'crypto', 'http', 'worker_threads'])
const isNodeModule = (specifier: string) => specifier.startsWith('node:') || nodeModules.has(specifier)

/**
 * The studio's browser app is everything under src/studio but its server
 * and the team sign-in (both run in Node). It shares the compiler's types
 * and its Node-free parts (the YAML edits, the problems), so the rule is on
 * what it reaches: nothing it imports, however indirectly, type imports
 * included, imports a Node module or the studio's server side.
 */
const studio = join(src, 'studio')
const studioServerSide = ['server', 'team'].map((p) => join(studio, p))
const studioBrowserSide = () => sourceFiles.filter((f) => inside(f, [studio]) && !inside(f, studioServerSide))

/** The chain of imports from `file` to the first file that is Node-only by `nodeOnly`, or undefined. */
function pathToNodeOnly(file: string, nodeOnly: (file: string, imports: Import[]) => string | undefined, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined
  seen.add(file)
  const imports = importsOf(file)
  const why = nodeOnly(file, imports)
  if (why) return [relative(projectRoot, file), why]
  for (const next of imports) {
    if (!next.file || !existsSync(next.file)) continue
    const chain = pathToNodeOnly(next.file, nodeOnly, seen)
    if (chain) return [relative(projectRoot, file), ...chain]
  }
  return undefined
}

const studioNodeOnly = (file: string, imports: Import[]) =>
  inside(file, studioServerSide) ? 'is the studio\'s server side' : imports.find((i) => isNodeModule(i.specifier))?.specifier.replace(/^/, 'imports ')

describe('the import graph', () => {
  it('keeps src/shared and browser code free of Node-only code', () => {
    const crossings: string[] = []
    for (const file of sourceFiles.filter((f) => inside(f, browserSide))) {
      for (const imported of importsOf(file)) {
        const nodeModule = imported.specifier.startsWith('node:') || ['fs', 'path', 'url', 'os', 'child_process'].includes(imported.specifier)
        if (nodeModule || (imported.file && inside(imported.file, nodeOnly))) {
          crossings.push(`${relative(projectRoot, file)} imports ${imported.specifier}`)
        }
      }
    }
    expect(crossings).toEqual([])
  })

  it("keeps the studio's browser app from reaching Node-only code, however indirectly", () => {
    const seen = new Set<string>()
    const chains = studioBrowserSide().flatMap((file) => {
      const chain = pathToNodeOnly(file, studioNodeOnly, seen)
      return chain ? [chain.join(' -> ')] : []
    })
    expect(chains).toEqual([])
  })

  it("finds a Node-only file behind the studio's imports (a walk that followed nothing would pass anything)", () => {
    expect(studioBrowserSide().length).toBeGreaterThan(50)
    // The studio's forms reach the compiler's YAML edits, which are Node-free, through several files.
    expect(pathToNodeOnly(join(studio, 'state/document-store.ts'), studioNodeOnly)).toBeUndefined()
    // The server's project reads files: the walk finds it, and says through what.
    expect(pathToNodeOnly(join(studio, 'server/project/project.ts'), studioNodeOnly)).toEqual(['src/studio/server/project/project.ts', "is the studio's server side"])
    expect(pathToNodeOnly(join(src, 'compiler/schema/schema-set.ts'), studioNodeOnly)?.at(-1)).toMatch(/^imports (node:)?\w+/)
  })

  it('finds the imports it checks (a pattern that matched nothing would pass anything)', () => {
    const routes = importsOf(join(src, 'app/routes.tsx'))
    expect(routes.map((i) => i.specifier)).toEqual(expect.arrayContaining(['react', './error-page', '../render/types', '../shared/routes', './catalogue-page']))
    expect(routes.find((i) => i.specifier === '../render/types')).toMatchObject({ typeOnly: true, file: join(src, 'render/types.ts') })
  })

  it('has no import cycle in src/, type imports included', () => {
    const graph = new Map(sourceFiles.map((f) => [f, importsOf(f).filter((i) => i.file).map((i) => i.file!)]))
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(src, f)).join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...path, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })
})
