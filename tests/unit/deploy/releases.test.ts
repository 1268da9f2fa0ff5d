import { chmodSync, existsSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { cleanups, git, hookTestTimeout, setUp, siteTemplate } from './hook-site'

/**
 * What a release is made of and what a stopped deploy leaves (issue 51):
 * each release's node_modules is its own copy, checked against the cache's
 * digest; a deploy killed at any moment leaves the live site whole, and the
 * same push again, the next push or one command on the server puts the
 * branch live.
 */
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

const lock = '{"lockfileVersion":3}'
const cacheEntry = (srv: string) => join(srv, 'node-modules-cache', createHash('sha256').update(lock).digest('hex'))
const dependency = 'module.exports = 1\n'

describe('a release\'s dependencies', { timeout: hookTestTimeout }, () => {
  it('are a copy: a build that writes into node_modules leaves the cache byte for byte and the next deploy unchanged', () => {
    const site = setUp({ root: 'srv' }, 'both')
    expect(site.push({ 'package-lock.json': lock, 'page.txt': 'one' }).ok).toBe(true)
    const cached = join(cacheEntry(site.srv), 'node_modules/fake/index.js')
    expect(readFileSync(cached, 'utf8')).toBe(dependency)
    const tampered = site.push({ TAMPER: 'yes', 'page.txt': 'two' })
    expect(tampered.output).toContain('no npm ci')
    expect(readFileSync(join(site.srv, 'current/fake.js'), 'utf8')).toBe(`${dependency}tampered\n`)
    expect(readFileSync(cached, 'utf8')).toBe(dependency)
    // The revert, and every later deploy with this lockfile, builds with the dependency as installed.
    site.settled()
    // Made after the last deploy: the next one only moves it in.
    const next = site.push({ TAMPER: '', 'page.txt': 'three' })
    expect(next.output).toContain('(the copy made after the last deploy, its digest checked then), no npm ci')
    expect(readFileSync(join(site.srv, 'current/fake.js'), 'utf8')).toBe(dependency)
    expect(site.npmCalls().filter((call) => call === 'npm ci')).toHaveLength(1)
  })

  it('come from npm ci again when the cache changed after it was made', () => {
    const site = setUp({ root: 'srv' }, 'both')
    site.push({ 'package-lock.json': lock, 'page.txt': 'one' })
    const cached = join(cacheEntry(site.srv), 'node_modules/fake/index.js')
    chmodSync(cached, 0o644)
    writeFileSync(cached, 'module.exports = "owned"\n')
    site.settled()
    rmSync(join(cacheEntry(site.srv), 'spare'), { recursive: true, force: true })
    const push = site.push({ 'page.txt': 'two' })
    expect(push.output).toContain('the cached node_modules for this package-lock.json has changed since it was made: it is removed and installed again.')
    expect(readFileSync(join(site.srv, 'current/fake.js'), 'utf8')).toBe(dependency)
    expect(readFileSync(cached, 'utf8')).toBe(dependency)
    expect(site.npmCalls().filter((call) => call === 'npm ci')).toHaveLength(2)
  })
})

describe('a deploy stopped half way', { timeout: hookTestTimeout }, () => {
  /** A server with both hooks, its first version live: made once, a copy for each test. */
  const live = siteTemplate({ root: 'srv' }, 'both', (site) => void site.push({ 'package-lock.json': '{}', 'page.txt': 'before' }))
  afterAll(live.remove)
  /** The live link leads to a whole release: its dist/ has the page. */
  const liveIsWhole = (srv: string) => existsSync(join(readlinkSync(join(srv, 'current')), 'index.html'))

  // The command killed in takes a second, so the kill lands while it runs; the others take none.
  const slowAt: Record<string, NodeJS.ProcessEnv> = { '$ npm ci': { FAKE_NPM_SLOW: 'ci', FAKE_NPM_SECONDS: '1' }, '$ npm run build': { FAKE_NPM_SLOW: 'run build', FAKE_NPM_SECONDS: '1' }, 'built in': {} }
  for (const moment of Object.keys(slowAt)) {
    it(`in pre-receive, at "${moment}": the live site stays whole, and the same push again goes live and removes what was left`, async () => {
      const site = live.copy()
      const base = site.tip()
      const next = site.commit({ 'package-lock.json': lock, 'page.txt': 'after' })
      // git runs the hook with the objects of the push in a quarantine; the commit is fetched in first, as a branch git would not deploy.
      git(site.bare, ['fetch', '-q', site.work, `${next}:refs/heads/incoming`])
      const killed = await site.runHook('pre-receive', `${base} ${next} refs/heads/main\n`, { killWhen: moment, extraEnv: slowAt[moment] })
      // Killed once its build has finished, the hook may have exited first: either way git never recorded the push.
      if (moment !== 'built in') expect(killed.code).not.toBe(0)
      expect(site.tip()).toBe(base)
      expect(liveIsWhole(site.srv)).toBe(true)
      expect(site.served()).toBe('before')
      const retry = site.pushHead()
      expect(retry.ok, retry.output).toBe(true)
      expect(site.served()).toBe('after')
      site.settled()
      // Only finished releases are left (the one killed after its build was used again).
      for (const release of readdirSync(join(site.srv, 'releases'))) expect(existsSync(join(site.srv, 'releases', release, 'built'))).toBe(true)
      if (moment === 'built in') expect(retry.output).toContain('was built already')
    })
  }

  it('in post-receive, after git recorded the push: the next push to any branch, or --redeploy on the server, puts the branch live', async () => {
    const site = live.copy()
    const base = site.tip()
    const next = site.commit({ 'page.txt': 'after' })
    git(site.bare, ['fetch', '-q', site.work, `${next}:refs/heads/incoming`])
    // git ran pre-receive and recorded the push; post-receive was killed before it swapped the link.
    const built = await site.runHook('pre-receive', `${base} ${next} refs/heads/main\n`)
    expect(built.code).toBe(0)
    git(site.bare, ['update-ref', 'refs/heads/main', next])
    expect(site.served()).toBe('before')
    // The same push again is "up to date" to git: no hook runs, and it says so.
    expect(site.pushHead().output).toContain('Everything up-to-date')
    const other = site.push({ 'notes.txt': 'x' }, 'drafts')
    expect(other.output).toContain(`main is at ${next.slice(0, 12)}, which never went live (its deploy was stopped): deploying it now.`)
    expect(site.served()).toBe('after')

    // The same again, healed by hand on the server.
    const third = site.commit({ 'page.txt': 'third' })
    git(site.bare, ['fetch', '-q', site.work, `${third}:refs/heads/incoming`])
    await site.runHook('pre-receive', `${next} ${third} refs/heads/main\n`)
    git(site.bare, ['update-ref', 'refs/heads/main', third])
    const byHand = await site.runHook('post-receive', '', { args: ['--redeploy'] })
    expect(byHand.code, byHand.output).toBe(0)
    expect(byHand.output).toContain(`putting main at ${third.slice(0, 12)} live, as asked.`)
    expect(site.served()).toBe('third')
    const again = await site.runHook('post-receive', '', { args: ['--redeploy'] })
    expect(again.output).toContain('is already live')
    const wrong = await site.runHook('post-receive', '', { args: ['--now'] })
    expect(wrong.output).toContain('unknown argument "--now"')
  })
})
