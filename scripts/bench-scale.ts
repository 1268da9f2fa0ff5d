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
 * title, description and hero words (no two pages may share them: the hero is
 * the first block, so its title and text are the first indented ones). The page's links,
 * media and block ids stay valid in every copy (ids need only be unique
 * within a page).
 */
export function generatedPages(count: number): Record<string, string> {
  const sample = readFileSync(join(import.meta.dirname, '..', 'pages/b2b/smes.yaml'), 'utf8')
  const files: Record<string, string> = {}
  for (let i = 0; i < count; i++) {
    files[`pages/gen/p${i}.yaml`] = sample
      .replace(/^title: .*$/m, `title: Generated page ${i}`)
      .replace(/^description: (.*)$/m, `description: $1 (copy ${i})`)
      .replace(/^( +title: )(.*)$/m, `$1$2 (copy ${i})`)
      .replace(/^( +text: )(.*)$/m, `$1$2 (copy ${i})`)
  }
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
      timeout: limitMs,
      killSignal: 'SIGKILL',
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
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
