/**
 * `npm test`: every check, set up by itself. First a usable Chromium (and
 * nginx) is found or installed (scripts/ensure-browser.ts), so a machine
 * without one stops in a second, not after minutes of other tests. Then two
 * lanes run side by side, since the browser tests spend much of their time
 * waiting on timers and animations rather than on the CPU:
 *
 *   type check, then unit tests     (their output is printed when they end)
 *   build, then browser tests       (their output streams)
 *
 * The browser tests need the build, and nothing else needs either lane.
 * Exit code 1 when any step fails.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

interface Step {
  name: string
  command: string
  args: string[]
}

const steps = {
  browser: { name: 'browser set-up', command: bin('tsx'), args: ['scripts/ensure-browser.ts'] },
  typecheck: { name: 'type check', command: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  unit: { name: 'unit tests', command: bin('vitest'), args: ['run'] },
  build: { name: 'build', command: bin('tsx'), args: ['scripts/build.ts'] },
  e2e: { name: 'browser tests', command: bin('playwright'), args: ['test'] },
} satisfies Record<string, Step>

/** Run a step; `buffer` keeps its output until it ends, so two lanes never interleave lines. */
function run(step: Step, buffer: boolean): Promise<{ ok: boolean; output: string }> {
  return new Promise((done) => {
    const started = performance.now()
    const child = spawn(step.command, step.args, { cwd: root, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    child.on('close', (code) => {
      const line = `── ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`
      done({ ok: code === 0, output: `${output}${output && !output.endsWith('\n') ? '\n' : ''}${line}\n` })
    })
  })
}

async function lane(list: Step[], buffer: boolean): Promise<boolean> {
  for (const step of list) {
    if (!buffer) console.log(`── ${step.name}`)
    const { ok, output } = await run(step, buffer)
    process.stdout.write(buffer ? `\n── ${step.name}\n${output}` : output)
    if (!ok) return false
  }
  return true
}

const browser = await run(steps.browser, false)
if (!browser.ok) process.exit(1)
const results = await Promise.all([lane([steps.typecheck, steps.unit], true), lane([steps.build, steps.e2e], false)])
process.exit(results.every(Boolean) ? 0 : 1)
