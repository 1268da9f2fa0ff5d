/**
 * The build at scale, for `npm run bench`: a throwaway project holding the
 * real pages plus `count` generated copies of a detail page, built with the
 * real buildSite(). The build runs in a child process (bench-scale-build.ts)
 * so that a build that grows worse than linearly with the page count stops
 * at a time limit instead of holding the bench for half an hour, and so that
 * its memory (gigabytes at 10,000 pages) is given back before the browser
 * measurements start.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDocument, visit } from 'yaml'
import type { BuildReport } from '../src/compiler/bundle/build-site'
import { tempProject } from './temp-project'

/** What the child prints as its last line of output. */
export interface ScaleReport extends BuildReport {
  /** Peak resident memory of the building process. */
  maxRssMB: number
}

export type ScaleResult = { ok: true; report: ScaleReport } | { ok: false; ms: number; reason: string }

/**
 * pages/gen/p0.yaml ... : copies of pages/b2b/smes.yaml, each with its own
 * title, description, hero title and sentences (no two pages may share them:
 * the check reports a page that repeats another's words). The page's links,
 * media and block ids stay valid in every copy (ids need only be unique
 * within a page). The page is rewritten once, with a marker where each
 * copy's number goes.
 */
export function generatedPages(count: number): Record<string, string> {
  const doc = parseDocument(readFileSync(join(import.meta.dirname, '..', 'pages/b2b/smes.yaml'), 'utf8'))
  const marker = '{{n}}'
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && node.value.length >= 60 && /\s/.test(node.value)) node.value = `${node.value} (copy ${marker})`
    },
  })
  doc.set('title', `Generated page ${marker}`)
  // The description and the hero's words must differ even when shorter than a sentence.
  for (const path of [['description'], ['blocks', 0, 'title'], ['blocks', 0, 'text']]) {
    const value = String(doc.getIn(path))
    if (!value.includes(marker)) doc.setIn(path, `${value} (copy ${marker})`)
  }
  const template = doc.toString()
  const files: Record<string, string> = {}
  for (let i = 0; i < count; i++) files[`pages/gen/p${i}.yaml`] = template.replaceAll(marker, String(i))
  return files
}

/** Build the real site plus `count` generated pages; give up after `limitMs`. */
export async function buildAtScale(count: number, limitMs: number): Promise<ScaleResult> {
  const project = tempProject(generatedPages(count))
  const start = performance.now()
  try {
    // process.execArgv carries tsx's loader, so the child runs TypeScript too.
    const child = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, 'bench-scale-build.ts'), project.root], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The child's progress goes to its stderr, which is a pipe: tell it whether the bench's own is a terminal.
      env: { ...process.env, PROGRESS_LIVE: process.stderr.isTTY && !process.env.CI ? '1' : '0' },
      timeout: limitMs,
      killSignal: 'SIGKILL',
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
      process.stderr.write(chunk)
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    const ms = performance.now() - start
    if (code !== 0) {
      if (ms >= limitMs) return { ok: false, ms, reason: `did not finish within ${(limitMs / 1000).toFixed(0)} s` }
      const how = child.signalCode ? `was killed (${child.signalCode})` : `failed (exit ${code})`
      return { ok: false, ms, reason: `the build ${how}:\n${stderr.trim().split('\n').slice(-15).join('\n')}` }
    }
    return { ok: true, report: JSON.parse(stdout.trim().split('\n').at(-1)!) as ScaleReport }
  } finally {
    project.remove()
  }
}
