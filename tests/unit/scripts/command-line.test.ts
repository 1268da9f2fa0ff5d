import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { argumentSentence } from '../../../scripts/command-line'
import { projectRoot } from '../../support/fixture-targets'

/**
 * Every command an author or a developer types answers a bad argument with
 * one sentence and its usage, and exits 2: never a stack trace (issue 51's
 * `npm run publish -- --message "--amend ..."`).
 */
const tsx = join(projectRoot, 'node_modules/tsx/dist/cli.mjs')
const run = (script: string, args: string[]) => spawnSync(process.execPath, [tsx, join(projectRoot, script), ...args], { cwd: projectRoot, encoding: 'utf8' })

describe('a bad argument', () => {
  // Each command once, as typed (a process each costs a second); the sentences themselves below, in this process.
  const cases: [script: string, args: string[], sentence: string][] = [
    ['scripts/publish.ts', ['--message', '--amend everything'], 'What follows --message starts with a dash, so it reads as another option: to give a value that starts with a dash, join it with an equals sign, as in --message="--value".'],
    ['scripts/history.ts', [], 'Say which page, by its address: npm run history -- /about-us'],
    ['scripts/build.ts', ['--out', 'x'], 'There is no option --out.'],
    ['scripts/studio.ts', ['--port'], '--port needs a value after it.'],
  ]
  for (const [script, args, sentence] of cases) {
    it(`${script} ${args.join(' ')}: "${sentence}", exit 2`, () => {
      const result = run(script, args)
      expect(result.status).toBe(2)
      expect(result.stderr.split('\n')[0]).toBe(sentence)
      expect(result.stderr).not.toMatch(/^\s+at /m)
      expect(result.stdout).toBe('')
    })
  }

  it('is one sentence for each of parseArgs\' refusals', () => {
    const options = { message: { type: 'string', short: 'm' }, 'dry-run': { type: 'boolean' } } as const
    const said = (args: string[]) => {
      try {
        parseArgs({ args, options })
      } catch (error) {
        return argumentSentence(error as NodeJS.ErrnoException)
      }
      return 'accepted'
    }
    expect(said(['--dryrun'])).toBe('There is no option --dryrun.')
    expect(said(['-m', '-x'])).toMatch(/^What follows --message starts with a dash/)
    expect(said(['--message'])).toBe('--message needs a value after it.')
    expect(said(['now'])).toBe('This command takes options only, not "now".')
    expect(said(['--message=--amend'])).toBe('accepted')
    expect(() => argumentSentence(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toThrow('disk full')
  })
})
