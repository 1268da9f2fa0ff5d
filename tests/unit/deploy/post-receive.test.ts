import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * deploy/post-receive's decisions, fast: a tiny repository and a fake npm
 * (`ci` makes node_modules, `run build` writes dist/ from page.txt or fails
 * when the commit holds BROKEN), on deploy.path. tests/e2e/deploy.spec.ts
 * runs the real build and the real nginx.
 */
const projectRoot = join(import.meta.dirname, '..', '..', '..')
const hook = join(projectRoot, 'deploy/post-receive')
const author = ['-c', 'user.name=Hook Test', '-c', 'user.email=hook-test@example.org']

const fakeNpm = `#!/usr/bin/env bash
set -e
echo "npm $*" >> "$FAKE_NPM_CALLS"
sleep "\${FAKE_NPM_SECONDS:-0}"
case "$*" in
  ci) mkdir -p node_modules/fake ;;
  "run build")
    if [[ -e BROKEN ]]; then echo "pages/index.yaml:3:5  $(cat BROKEN)" >&2; exit 1; fi
    mkdir -p dist/assets
    cat page.txt > dist/index.html
    echo "chunk" > "dist/assets/page-$(sha1sum page.txt | cut -c1-8).js" ;;
  *) echo "fake npm: unexpected $*" >&2; exit 2 ;;
esac
`

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): { ok: boolean; output: string } {
  const run = spawnSync('git', [...author, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } })
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` }
}

/** A bare repository with the hook as post-receive only, or (`both`) linked as pre-receive too, as README says. */
function setUp(settings: Record<string, string> = { root: 'srv' }, hooks: 'post' | 'both' = 'post') {
  const dir = mkdtempSync(join(tmpdir(), 'hook-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const bare = join(dir, 'site.git')
  const work = join(dir, 'work')
  const srv = join(dir, 'srv')
  mkdirSync(join(dir, 'bin'))
  writeFileSync(join(dir, 'bin/npm'), fakeNpm)
  chmodSync(join(dir, 'bin/npm'), 0o755)
  git(dir, ['init', '-q', '--bare', '-b', 'main', bare])
  copyFileSync(hook, join(bare, 'hooks/post-receive'))
  chmodSync(join(bare, 'hooks/post-receive'), 0o755)
  if (hooks === 'both') symlinkSync('post-receive', join(bare, 'hooks/pre-receive'))
  for (const [key, value] of Object.entries(settings)) git(bare, ['config', `deploy.${key}`, value === 'srv' ? srv : value])
  git(dir, ['init', '-q', '-b', 'main', work])
  const calls = join(dir, 'npm-calls')
  writeFileSync(calls, '')
  const env = { DEPLOY_PATH: join(dir, 'bin'), FAKE_NPM_CALLS: calls }
  /** Commit `files` in the work repository and push it to `branch` of the bare one. */
  const push = (files: Record<string, string>, branch = 'main', extraEnv: NodeJS.ProcessEnv = {}) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text)
    for (const name of Object.keys(files)) if (files[name] === '') rmSync(join(work, name))
    git(work, ['add', '-A'])
    git(work, ['commit', '-q', '--allow-empty', '-m', 'change'])
    return git(work, ['push', bare, `HEAD:${branch}`], { ...env, ...extraEnv })
  }
  /** Wait for the hook's lock: it removes old releases after the push has its answer. */
  const settled = () => spawnSync('flock', [join(srv, '.deploy.lock'), 'true'])
  const served = () => readFileSync(join(srv, 'current', 'index.html'), 'utf8')
  const npmCalls = () => readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean)
  return { dir, bare, work, srv, env, push, settled, served, npmCalls }
}

describe('deploy/post-receive', () => {
  it('runs the commands README.md gives for a new machine: npm ci, then the build npm start runs', () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
    const onNewMachine = readme.slice(readme.indexOf('## On a new machine'))
    expect(/```sh\n(.*)\n```/.exec(onNewMachine)?.[1]).toBe('npm ci && npm start')
    const start: string = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).scripts.start
    expect(start.split(' && ')[0]).toBe('npm run build')
    const script = readFileSync(hook, 'utf8')
    expect(script).toMatch(/^\s*run npm ci$/m)
    expect(script).toMatch(/^\s*run npm run build$/m)
  })

  it.skipIf(spawnSync('shellcheck', ['--version']).status !== 0)('passes shellcheck', () => {
    const check = spawnSync('shellcheck', [hook], { encoding: 'utf8' })
    expect(check.stdout).toBe('')
  })

  it('has the settings README.md lists, each with its default and its DEPLOY_<KEY> variable', () => {
    const script = readFileSync(hook, 'utf8')
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
    const settings = [...script.matchAll(/\$\(setting (\w+) (\w+) ('[^']*'|"[^"]*"|\S+)\)/g)]
    expect(settings.length).toBeGreaterThan(0)
    const listed = [...readme.matchAll(/^\| `deploy\.(\w+)`[^|]*\|[^|]*\| ([^|]*)\|$/gm)].map(([, key, value]) => [key, value!.trim()])
    expect(listed).toEqual(
      settings.map(([, key, , value]) => {
        const fallback = value!.replace(/^['"]|['"]$/g, '').replace('$root', '<root>')
        return [key, fallback ? `\`${fallback}\`` : '']
      }),
    )
    for (const [, key, variable] of settings) expect(variable).toBe(`DEPLOY_${key!.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`)
  })

  it('puts a push to main live, and reuses node_modules while package-lock.json stays byte for byte the same', () => {
    const site = setUp()
    const first = site.push({ 'package-lock.json': '{"v":1}', 'page.txt': 'first' })
    expect(first.output).toContain('is live')
    expect(site.served()).toBe('first')
    expect(site.push({ 'page.txt': 'second' }).output).toContain('package-lock.json as before')
    expect(site.served()).toBe('second')
    site.push({ 'package-lock.json': '{"v":2}', 'page.txt': 'third' })
    expect(site.served()).toBe('third')
    expect(site.npmCalls()).toEqual(['npm ci', 'npm run build', 'npm run build', 'npm ci', 'npm run build'])
  })

  it('keeps deploy.keep releases, carries the replaced release\'s bundles over once, and logs every deploy', () => {
    const site = setUp({ root: 'srv', keep: '2' })
    for (const text of ['one', 'two', 'three']) site.push({ 'package-lock.json': '{}', 'page.txt': text })
    site.settled()
    const releases = readdirSync(join(site.srv, 'releases'))
    expect(releases).toHaveLength(2)
    expect(readlinkSync(join(site.srv, 'current'))).toBe(join(site.srv, 'releases', releases.sort().at(-1)!, 'dist'))
    // "two"'s chunk is carried into "three"; "one"'s, carried into "two", is not carried again.
    const assets = readdirSync(join(site.srv, 'current', 'assets'))
    expect(assets).toHaveLength(2)
    expect(readdirSync(join(site.srv, 'logs'))).toHaveLength(3)
  })

  it('leaves the live site as it was when the build fails, and tells the pusher why and where the log is', () => {
    const site = setUp()
    site.push({ 'package-lock.json': '{}', 'page.txt': 'good' })
    const live = readlinkSync(join(site.srv, 'current'))
    const failed = site.push({ BROKEN: 'There is no block type "heor".' })
    expect(failed.output).toContain('remote: pages/index.yaml:3:5  There is no block type "heor".')
    expect(failed.output).toMatch(/FAILED while building \(npm run build\): \w+ is not live\. The live site is unchanged: \w+/)
    expect(failed.output).toContain(`Full log on the server: ${join(site.srv, 'logs')}/`)
    expect(readlinkSync(join(site.srv, 'current'))).toBe(live)
    expect(site.served()).toBe('good')
    expect(readdirSync(join(site.srv, 'releases'))).toHaveLength(1)
    expect(site.push({ BROKEN: '' }).output).toContain('is live')
  })

  it('as pre-receive too, builds before git records the push and refuses it when the build fails', () => {
    const site = setUp({ root: 'srv' }, 'both')
    const good = site.push({ 'package-lock.json': '{}', 'page.txt': 'good' })
    expect(good.ok).toBe(true)
    expect(good.output).toContain('it goes live as soon as git has recorded the push')
    expect(site.served()).toBe('good')
    const main = git(site.bare, ['rev-parse', 'main']).output
    const refused = site.push({ BROKEN: 'There is no block type "heor".' })
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain('remote: pages/index.yaml:3:5  There is no block type "heor".')
    expect(refused.output).toMatch(/FAILED while building \(npm run build\): the push is refused \(main stays where it was\)\. The live site is unchanged: \w+/)
    expect(refused.output).toContain('pre-receive hook declined')
    expect(git(site.bare, ['rev-parse', 'main']).output).toBe(main)
    expect(site.served()).toBe('good')
    expect(site.push({ BROKEN: '' }).ok).toBe(true)
    // Built once per push, by pre-receive; post-receive only swaps.
    expect(site.npmCalls()).toEqual(['npm ci', 'npm run build', 'npm run build', 'npm run build'])
    expect(readdirSync(join(site.srv, 'releases'))).toHaveLength(2)
  })

  it('deploys only the configured branch (deploy.branch, or DEPLOY_BRANCH over it)', () => {
    const site = setUp({ root: 'srv', branch: 'production' })
    expect(site.push({ 'package-lock.json': '{}', 'page.txt': 'draft' }, 'main').output).toContain('only production goes live')
    expect(existsSync(join(site.srv, 'current'))).toBe(false)
    site.push({ 'page.txt': 'release' }, 'production')
    expect(site.served()).toBe('release')
    site.push({ 'page.txt': 'from env' }, 'main', { DEPLOY_BRANCH: 'main' })
    expect(site.served()).toBe('from env')
  })

  it('finishes the deploy when the pusher hangs up half way', async () => {
    const site = setUp()
    site.push({ 'package-lock.json': '{}', 'page.txt': 'before' })
    const base = git(site.bare, ['rev-parse', 'main']).output.trim()
    git(site.work, ['commit', '-q', '--allow-empty', '-m', 'next'])
    const next = git(site.work, ['rev-parse', 'HEAD']).output.trim()
    git(site.bare, ['fetch', '-q', site.work, `${next}:refs/heads/main`])
    const child = spawn(join(site.bare, 'hooks/post-receive'), [], { cwd: site.bare, env: { ...process.env, ...site.env, GIT_DIR: '.', FAKE_NPM_SECONDS: '0.5' } })
    child.stderr.once('data', () => child.stderr.destroy())
    child.stdin.end(`${base} ${next} refs/heads/main\n`)
    const code = await new Promise((done) => child.on('close', done))
    expect(code).toBe(0)
    expect(readlinkSync(join(site.srv, 'current'))).toContain(next.slice(0, 12))
    expect(readFileSync(join(site.srv, 'logs', readdirSync(join(site.srv, 'logs')).sort().at(-1)!), 'utf8')).toContain('is live')
  })

  it('stops with the command to run when deploy.root is missing', () => {
    const site = setUp({})
    const push = site.push({ 'package-lock.json': '{}', 'page.txt': 'x' })
    expect(push.output).toContain('deploy.root is not set: run `git config deploy.root /srv/site`')
    expect(push.output).toContain('Nothing was deployed')
    expect(site.npmCalls()).toEqual([])
  })

  it('runs one deploy at a time, and a push overtaken while it waited deploys nothing', async () => {
    const site = setUp()
    site.push({ 'package-lock.json': '{}', 'page.txt': 'base' })
    const base = git(site.bare, ['rev-parse', 'main']).output.trim()
    git(site.work, ['commit', '-q', '--allow-empty', '-m', 'next'])
    git(site.work, ['push', '-q', '--no-verify', site.bare, 'HEAD:refs/heads/staging'])
    const next = git(site.work, ['rev-parse', 'HEAD']).output.trim()
    // Both hooks see main at `next`: the one holding the lock deploys it, the other waits, then finds it live.
    git(site.bare, ['update-ref', 'refs/heads/main', next])
    const runHook = () =>
      new Promise<string>((done) => {
        const child = spawn(join(site.bare, 'hooks/post-receive'), [], { cwd: site.bare, env: { ...process.env, ...site.env, GIT_DIR: '.', FAKE_NPM_SECONDS: '1' } })
        let output = ''
        child.stderr.on('data', (d: Buffer) => (output += d))
        child.on('close', () => done(output))
        child.stdin.end(`${base} ${next} refs/heads/main\n`)
      })
    const outputs = await Promise.all([runHook(), runHook()])
    expect(outputs.filter((o) => o.includes('is live'))).toHaveLength(1)
    expect(outputs.filter((o) => o.includes('waiting for it to finish') && o.includes('already live'))).toHaveLength(1)
    // A hook for `base`, now that main is at `next`, leaves the live site alone.
    const late = spawnSync(join(site.bare, 'hooks/post-receive'), [], { cwd: site.bare, input: `0000000000000000000000000000000000000000 ${base} refs/heads/main\n`, encoding: 'utf8', env: { ...process.env, ...site.env, GIT_DIR: '.' } })
    expect(late.stderr).toContain('main has moved on to')
    expect(readdirSync(join(site.srv, 'releases'))).toHaveLength(2)
  })
})
