/**
 * `npm test`: every check, set up by itself. First a usable Chromium (and
 * nginx) is found or installed (scripts/ensure-browser.ts), so a machine
 * without one stops in a second, not after minutes of other tests. Then:
 *
 *   type check and build, side by side (their output is printed when each ends)
 *   unit tests
 *   browser tests (two workers)
 *
 * The unit and browser tests do not overlap: several browser tests measure
 * timing, and unit tests running beside them on two cores made them fail.
 * Stops at the first phase that fails, with exit code 1.
 *
 * The tests' temporary files (TMPDIR) go in memory where the machine has a
 * tmpfs with room (scripts/memory-temp-dir.ts), in a folder of this run's
 * own that is removed at the end; TMPDIR set by the caller wins.
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { memoryTempDir } from './memory-temp-dir'

const root = join(import.meta.dirname, '..')

/** Room to ask of the tmpfs: about twice the most the tests' temporary files have held at once (docs/measurements.md, "npm test, stage by stage"). */
const tempRoomBytes = 4 * 2 ** 30
const ownTemp = process.env.TMPDIR ? undefined : memoryTempDir(tempRoomBytes)
const tempEnv = ownTemp ? { TMPDIR: ownTemp } : {}
if (ownTemp) {
  console.log(`── temporary files in ${ownTemp} (memory)`)
  process.on('exit', () => rmSync(ownTemp, { recursive: true, force: true }))
  // Stopped by Ctrl+C or a kill, the run still removes it: memory a tmpfs holds is kept until a reboot.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(1))
}
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
  build: { name: 'build', command: process.execPath, args: ['scripts/run-build.mjs'] },
  e2e: { name: 'browser tests', command: bin('playwright'), args: ['test'] },
} satisfies Record<string, Step>

/** Run a step; `buffer` keeps its output until it ends, so two lanes never interleave lines. */
/** Each step's time, in seconds, in the order they ended: printed together at the end, the figures docs/measurements.md keeps per stage. */
const times: { name: string; seconds: number }[] = []
const runStarted = performance.now()

function printTimes(): void {
  const total = (performance.now() - runStarted) / 1000
  console.log(`\n── times: ${times.map((t) => `${t.name} ${t.seconds.toFixed(1)} s`).join(', ')}; npm test ${total.toFixed(1)} s in all`)
}

function run(step: Step, buffer: boolean): Promise<{ ok: boolean; output: string }> {
  return new Promise((done) => {
    const started = performance.now()
    const child = spawn(step.command, step.args, { cwd: root, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...tempEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000
      times.push({ name: step.name, seconds })
      const line = `── ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`
      done({ ok: code === 0, output: `${output}${output && !output.endsWith('\n') ? '\n' : ''}${line}\n` })
    })
  })
}

const phases: Step[][] = [[steps.typecheck, steps.build], [steps.unit], [steps.e2e]]

const browser = await run(steps.browser, false)
if (!browser.ok) process.exit(1)
for (const phase of phases) {
  const together = phase.length > 1
  if (!together) console.log(`── ${phase[0]!.name}`)
  const results = await Promise.all(phase.map((step) => run(step, together).then((result) => (process.stdout.write(together ? `\n── ${step.name}\n${result.output}` : result.output), result))))
  if (!results.every((r) => r.ok)) {
    printTimes()
    process.exit(1)
  }
}
printTimes()
