import { spawnSync } from 'node:child_process'
import { statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from './fixture-targets'

/**
 * `npm run check` runs a bundle of scripts/check.ts (scripts/run-check.mjs),
 * so it must never run an old bundle: a compiler file newer than the bundle
 * makes it bundle again. The file's time is put back afterwards.
 */
const bundle = join(projectRoot, 'node_modules', '.cache', 'site-scripts', 'check.mjs')
const check = () => spawnSync(process.execPath, [join(projectRoot, 'scripts', 'run-check.mjs')], { cwd: projectRoot, encoding: 'utf8' })

it('checks the project, and bundles the check again when a file it is made from changes', () => {
  const first = check()
  expect(first.stdout).toMatch(/pages checked in \d+ ms/)
  const built = statSync(bundle).mtimeMs
  expect(check().stdout).toMatch(/pages checked/)
  expect(statSync(bundle).mtimeMs).toBe(built)

  const source = join(projectRoot, 'src', 'compiler', 'problems', 'errors.ts')
  const { atime, mtime } = statSync(source)
  try {
    const later = new Date(built + 5_000)
    utimesSync(source, later, later)
    expect(check().stdout).toMatch(/pages checked/)
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(built)
  } finally {
    utimesSync(source, atime, mtime)
  }
}, 60_000)
