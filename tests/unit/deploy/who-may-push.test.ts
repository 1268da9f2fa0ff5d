import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { cleanups, git, hookTestTimeout, setUp, siteTemplate } from './hook-site'

/**
 * The line between content and code, as the server draws it (issue 51): an
 * author's push may change files under pages/ and public/; anything else
 * runs on the server or in visitors' browsers and needs a commit signed by a
 * developer key in the server's allowed signers file.
 */
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

/** A server with both hooks, live with a developer's signed first version: made once, a copy for each test. */
const live = siteTemplate({ root: 'srv' }, 'both', (site) => {
  const first = site.push({ 'package-lock.json': '{}', 'package.json': '{"scripts":{}}', 'page.txt': 'home' })
  if (!first.ok) throw new Error(first.output)
})
afterAll(live.remove)
const liveSite = () => live.copy()

describe('who may change what', { timeout: hookTestTimeout }, () => {
  it('refuses an author\'s unsigned push that adds a build script, naming the file: the branch stays, nothing is built', () => {
    const site = liveSite()
    const before = site.tip()
    const builds = site.npmCalls().length
    const marker = join(site.dir, 'ran-on-server')
    const refused = site.push({ 'package.json': JSON.stringify({ scripts: { prebuild: `touch ${marker}` } }) }, 'main', {}, 'author')
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain('REFUSED: this push changes package.json, which is not a page or a picture (those are plain files under pages/ and public/), and commit')
    expect(refused.output).toContain('is not signed by a developer key this server trusts')
    expect(refused.output).toContain('The push is refused (main stays where it was); nothing was built')
    expect(site.tip()).toBe(before)
    expect(site.npmCalls()).toHaveLength(builds)
    expect(existsSync(marker)).toBe(false)
    expect(site.served()).toBe('home')
  })

  it('refuses the same change signed with a key the server does not list', () => {
    const site = liveSite()
    const before = site.tip()
    const refused = site.push({ 'vite.config.ts': 'export default {}' }, 'main', {}, 'stranger')
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain('REFUSED: this push changes vite.config.ts, which is not a page or a picture')
    expect(site.tip()).toBe(before)
  })

  it('accepts and deploys the same change when a developer signed it', () => {
    const site = liveSite()
    const accepted = site.push({ 'package.json': '{"scripts":{"prebuild":"true"}}', 'page.txt': 'signed' })
    expect(accepted.ok, accepted.output).toBe(true)
    expect(accepted.output).toContain('is live')
    expect(site.served()).toBe('signed')
  })

  it('accepts an author\'s push of pages and pictures, with no signature, exactly as before', () => {
    const site = liveSite()
    const accepted = site.push({ 'pages/about.txt': ' and about', 'public/media/img/new.webp': 'RIFF....WEBP' }, 'main', {}, 'author')
    expect(accepted.ok, accepted.output).toBe(true)
    expect(site.served()).toBe('home and about')
    // Deleting a page is content too.
    expect(site.push({ 'pages/about.txt': '' }, 'main', {}, 'author').ok).toBe(true)
    expect(site.served()).toBe('home')
  })

  it('accepts an author\'s page on top of a developer\'s signed code in one push, and refuses unsigned code hidden among pages', () => {
    const site = liveSite()
    site.commit({ 'src/app.ts': 'export {}' }, 'developer')
    site.commit({ 'pages/news.txt': ' news' }, 'author')
    const both = site.pushHead()
    expect(both.ok, both.output).toBe(true)
    expect(site.served()).toBe('home news')
    site.commit({ 'pages/more.txt': ' more' }, 'author')
    const hidden = site.commit({ 'src/app.ts': 'export const x = 1' }, 'author')
    site.commit({ 'pages/last.txt': ' last' }, 'author')
    const refused = site.pushHead()
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain(`REFUSED: this push changes src/app.ts, which is not a page or a picture (those are plain files under pages/ and public/), and commit ${hidden.slice(0, 12)}, which changes it, is not signed`)
  })

  it('counts a link or a dot-file under pages/ or public/ as code', () => {
    const site = liveSite()
    mkdirSync(join(site.work, 'public'))
    symlinkSync('../package.json', join(site.work, 'public/data.json'))
    site.commit({}, 'author')
    const link = site.pushHead()
    expect(link.ok).toBe(false)
    expect(link.output).toContain('REFUSED: this push changes public/data.json, which is not a page or a picture')
    git(site.work, ['reset', '-q', '--hard', 'HEAD~1'])
    const attributes = site.push({ 'pages/.gitattributes': '*.txt export-ignore' }, 'main', {}, 'author')
    expect(attributes.ok).toBe(false)
    expect(attributes.output).toContain('REFUSED: this push changes pages/.gitattributes')
  })

  it('refuses a merge whose own result changes code, though both its parents were accepted', () => {
    const site = liveSite()
    const base = site.tip()
    site.commit({ 'pages/a.txt': ' a' }, 'author')
    git(site.work, ['checkout', '-q', '-b', 'side', base])
    site.commit({ 'pages/b.txt': ' b' }, 'author')
    git(site.work, ['checkout', '-q', 'main'])
    git(site.work, ['merge', '-q', '--no-commit', 'side'])
    writeFileSync(join(site.work, 'build.sh'), 'echo owned')
    git(site.work, ['add', '-A'])
    git(site.work, ['commit', '-q', '-m', 'merge'])
    const refused = site.pushHead()
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain('REFUSED: this push changes build.sh, which is not a page or a picture')
  })

  it('refuses an unsigned rewrite of the live branch that brings back old code; a signed one is taken', () => {
    const site = liveSite()
    const first = site.tip()
    site.push({ 'package.json': '{"scripts":{"build":"safe"}}' })
    git(site.work, ['reset', '-q', '--hard', first])
    site.commit({ 'pages/x.txt': ' x' }, 'author')
    const rewind = site.pushHead('main', {}, ['--force'])
    expect(rewind.ok).toBe(false)
    expect(rewind.output).toContain('replaces the history of main (or starts it) without a signature')
    // A developer's signed commit on top vouches for the whole tree it leaves.
    site.commit({ 'pages/y.txt': ' y' }, 'developer')
    const signed = site.pushHead('main', {}, ['--force'])
    expect(signed.ok, signed.output).toBe(true)
    expect(site.served()).toBe('home x y')
  })

  it('refuses every code push while the server lists no developer key, and says where the list goes', () => {
    const site = setUp({ root: 'srv' }, 'both')
    writeFileSync(site.signers, '')
    const refused = site.push({ 'package-lock.json': '{}', 'page.txt': 'x' })
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain(`this server trusts no developer key yet (${site.signers} is missing or empty)`)
    expect(existsSync(join(site.srv, 'releases')) ? readdirSync(join(site.srv, 'releases')) : []).toEqual([])
  })

  it('installed as post-receive alone, builds nothing for an unsigned code push', () => {
    const site = setUp()
    site.push({ 'package-lock.json': '{}', 'page.txt': 'home' })
    const calls = site.npmCalls().length
    const push = site.push({ 'scripts/x.mjs': 'process.exit()' }, 'main', {}, 'author')
    expect(push.output).toContain('REFUSED: this push changes scripts/x.mjs')
    expect(push.output).toContain('Nothing was built; the live site is unchanged.')
    expect(site.npmCalls()).toHaveLength(calls)
    expect(readFileSync(join(site.srv, 'current', 'index.html'), 'utf8')).toBe('home')
  })
})
