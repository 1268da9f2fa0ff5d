import { spawnSync } from 'node:child_process'
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { projectRoot } from '../../support/fixture-targets'

/**
 * `npm run check` and `npm run build` run cached bundles of their code
 * (src/compiler/threads/bundled-module.mjs), so they must never run an old bundle,
 * nor one made in another copy of the project: a bundle is judged by the
 * content of its files, not their times, and takes the project's root when
 * it runs.
 */
const bundle = join(projectRoot, 'node_modules', '.cache', 'site-scripts', 'check.mjs')
const check = (root = projectRoot) => spawnSync(process.execPath, [join(root, 'scripts', 'run-check.mjs')], { cwd: root, encoding: 'utf8' })

it('checks the project, and reuses its bundle while no file it is made from changes, whatever their times', () => {
  const first = check()
  expect(first.stdout).toMatch(/pages checked in \d+ ms/)
  const built = statSync(bundle).mtimeMs
  expect(check().stdout).toMatch(/pages checked/)
  expect(statSync(bundle).mtimeMs).toBe(built)

  // A newer time with the same content (git checkout, touch) is no change.
  const source = join(projectRoot, 'src', 'compiler', 'problems', 'errors.ts')
  const { atime, mtime } = statSync(source)
  try {
    const later = new Date(built + 5_000)
    utimesSync(source, later, later)
    expect(check().stdout).toMatch(/pages checked/)
    expect(statSync(bundle).mtimeMs).toBe(built)
  } finally {
    utimesSync(source, atime, mtime)
  }
}, 60_000)

const temps: string[] = []
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/**
 * A copy of the project made with `cp -a` (times kept), with a node_modules
 * of its own whose packages link to the real ones: its bundle cache is its
 * own, as in a full copy, without copying 360 MB, except the kinds of
 * cache it is `sharing`.
 */
function copyProject({ sharing = [] as string[] } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'run-check-'))
  temps.push(root)
  const names = ['scripts', 'src', 'schema', 'pages', 'public', 'index.html', 'package.json', 'package-lock.json', 'tsconfig.json'].map((name) => join(projectRoot, name))
  expect(spawnSync('cp', ['-a', ...names, root]).status).toBe(0)
  mkdirSync(join(root, 'node_modules'))
  for (const name of readdirSync(join(projectRoot, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(join(projectRoot, 'node_modules', name), join(root, 'node_modules', name))
  }
  // Caches whose keys are contents, shared as a copy sharing node_modules would: not the bundles of the scripts, which are under test.
  mkdirSync(join(root, 'node_modules', '.cache'))
  for (const kind of sharing) {
    mkdirSync(join(projectRoot, 'node_modules', '.cache', kind), { recursive: true })
    symlinkSync(join(projectRoot, 'node_modules', '.cache', kind), join(root, 'node_modules', '.cache', kind))
  }
  return root
}

/** `cp -a from <new folder>`: the copy keeps from's bundle cache and every time. */
function cpA(from: string): string {
  const parent = mkdtempSync(join(tmpdir(), 'run-check-copy-'))
  temps.push(parent)
  expect(spawnSync('cp', ['-a', from, join(parent, 'copy')]).status).toBe(0)
  return join(parent, 'copy')
}

it('checks the copy it runs in (cp -a), not the project its cached bundle was made in', () => {
  const original = copyProject()
  expect(check(original).stdout).toMatch(/pages checked/)
  const copy = cpA(original)
  writeFileSync(join(copy, 'pages', 'index.yaml'), 'title: [unclosed\n')
  const broken = check(copy)
  expect(broken.status).toBe(1)
  expect(broken.stderr).toContain('pages/index.yaml:1:')
  expect(check(original).status).toBe(0)
}, 60_000)

it('runs in a copy (cp -a) whose original is gone', () => {
  const original = copyProject()
  expect(check(original).stdout).toMatch(/pages checked/)
  const copy = cpA(original)
  rmSync(original, { recursive: true, force: true })
  const alone = check(copy)
  expect(alone.stderr).toBe('')
  expect(alone.stdout).toMatch(/pages checked/)
  expect(alone.status).toBe(0)
}, 60_000)

it('bundles again when a file it is made from changes, even if its time is set back (cp -a, rsync, touch -r)', () => {
  const root = copyProject()
  expect(check(root).stdout).toMatch(/pages checked/)
  const source = join(root, 'src', 'compiler', 'site', 'load-site.ts')
  const { atime, mtime } = statSync(source)
  appendFileSync(source, "\nconsole.log('the changed checker ran')\n")
  utimesSync(source, atime, new Date(mtime.getTime() - 60_000))
  const after = check(root)
  expect(after.stdout).toContain('the changed checker ran')
  expect(after.status).toBe(0)
}, 60_000)

it('builds the copy it runs in with the bundle of the build, reused while its code is unchanged, and fails with the page\'s place', () => {
  // The type check's pass and the Vite bundle are kept by content, as the main project's build keeps them.
  const root = copyProject({ sharing: ['site-build', 'site-bundle'] })
  const build = (...args: string[]) => spawnSync(process.execPath, [join(root, 'scripts', 'run-build.mjs'), ...args], { cwd: root, encoding: 'utf8' })
  const index = join(root, 'pages', 'index.yaml')
  const title = `Built from its copy ${Date.now()}`
  writeFileSync(index, readFileSync(index, 'utf8').replace(/^title: .*$/m, `title: ${title}`))
  const out = join(root, 'out')
  const first = build('--out-dir', out)
  expect(first.stderr).toBe('')
  expect(first.stdout).toMatch(/Built \d+ routes into .*out/)
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(`<title>${title}`)
  const bundled = join(root, 'node_modules', '.cache', 'site-scripts', 'build.mjs')
  const made = statSync(bundled).mtimeMs

  writeFileSync(index, 'title: [unclosed\n')
  const broken = build('--out-dir', out)
  expect(broken.status).toBe(1)
  expect(broken.stderr).toContain('pages/index.yaml:1:')
  expect(broken.stderr).toContain('the previous build is unchanged')
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(`<title>${title}`)
  expect(statSync(bundled).mtimeMs).toBe(made)
}, 120_000)
