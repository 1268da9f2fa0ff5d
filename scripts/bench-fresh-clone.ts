/**
 * `npm run bench -- --fresh-clone`: the time CI takes, as CI runs it. The
 * repository's committed HEAD is cloned into a temporary folder, then
 * `npm ci` and `npm test` run there (`.ci/run`), and each stage's time is
 * read from the line npm test prints at its end (scripts/test.ts). Run it
 * with the machine to itself: it takes as long as CI does.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface FreshCloneFigures {
  ok: boolean
  /** `npm ci`, in seconds. */
  installS: number
  /** Each stage of npm test as it printed it, in seconds, in the order they ended. */
  stages: { name: string; seconds: number }[]
  /** `npm ci` and `npm test`, in seconds. */
  totalS: number
  /** The last lines printed, for a run that failed. */
  tail: string
}

function timed(command: string, args: string[], cwd: string): Promise<{ code: number | null; seconds: number; output: string }> {
  return new Promise((done) => {
    const started = performance.now()
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('close', (code) => done({ code, seconds: (performance.now() - started) / 1000, output }))
  })
}

/** The stages of npm test's last line: "── times: build 20.8 s, type check 21.7 s, …; npm test 1799.0 s in all". */
export function stagesOf(output: string): { name: string; seconds: number }[] {
  const line = output.split('\n').findLast((l) => l.startsWith('── times: '))
  if (!line) return []
  return line
    .slice('── times: '.length)
    .split(';')[0]!
    .split(', ')
    .flatMap((part) => {
      const m = /^(.+) (\d+(?:\.\d+)?) s$/.exec(part.trim())
      return m ? [{ name: m[1]!, seconds: Number(m[2]) }] : []
    })
}

export async function benchFreshClone(root: string): Promise<FreshCloneFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-clone-'))
  try {
    const clone = await timed('git', ['clone', '-q', root, dir], root)
    if (clone.code !== 0) return { ok: false, installS: 0, stages: [], totalS: 0, tail: clone.output }
    const install = await timed('npm', ['ci'], dir)
    const test = install.code === 0 ? await timed('npm', ['test'], dir) : undefined
    const output = `${install.output}${test?.output ?? ''}`
    return {
      ok: install.code === 0 && test?.code === 0,
      installS: install.seconds,
      stages: stagesOf(test?.output ?? ''),
      totalS: install.seconds + (test?.seconds ?? 0),
      tail: output.split('\n').slice(-30).join('\n'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
