import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanups, git, hook, hookTestTimeout, projectRoot, setUp } from './hook-site'

// deploy/post-receive's decisions, fast, on hook-site.ts's small server.
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

describe('deploy/post-receive', { timeout: hookTestTimeout }, () => {
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
