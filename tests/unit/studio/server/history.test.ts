import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { rmSync, renameSync } from 'node:fs'
import { deletedPages, fileAt, pageHistory, publishStatus, routeHistory } from '../../../../src/studio/server/publish'
import { describedPageHistory } from '../../../../src/studio/server/publish/history'
import { formatVersion } from '../../../../src/studio/server/publish/format'
import { git } from '../../../../src/studio/server/git/run'
import { bob, commitAll, isolateGit, makeRepos, page, read, write, type Repos } from '../../../support/git-repos'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * One repository for every test here: about.yaml is edited by another
 * author, then renamed to about-us.yaml; team.yaml is deleted.
 */
let r: Repos
const texts: Record<string, string> = {}
beforeAll(async () => {
  isolateGit()
  r = await makeRepos({ remote: false })
  texts.first = read(r.root, 'pages/about.yaml')
  texts.team = read(r.root, 'pages/team.yaml')
  texts.bob = page('About').replace('title: Hello', 'title: Hello from Bob')
  write(r.root, 'pages/about.yaml', texts.bob)
  await git(r.root, ['add', '-A'])
  await git(r.root, ['-c', `user.name=${bob.name}`, '-c', `user.email=${bob.email}`, 'commit', '-q', '-m', 'About: Bob says hello'])
  renameSync(join(r.root, 'pages/about.yaml'), join(r.root, 'pages/about-us.yaml'))
  await commitAll(r.root, 'About moves to /about-us')
  rmSync(join(r.root, 'pages/team.yaml'))
  await commitAll(r.root, 'Team page removed')
})
afterAll(() => r.remove())

describe('history', () => {
  it('lists a page\'s versions newest first, following its rename, each readable', async () => {
    const versions = await pageHistory(r.root, 'about-us.yaml')
    expect(versions.map((v) => [v.message, v.author, v.path])).toEqual([
      ['About moves to /about-us', 'Ada Author', 'pages/about-us.yaml'],
      ['About: Bob says hello', 'Bob Other', 'pages/about.yaml'],
      ['First version', 'Ada Author', 'pages/about.yaml'],
    ])
    expect(versions[0]!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
    // Restoring a version is reading it: the exact text, for the editor to load as an unsaved edit.
    expect(await fileAt(r.root, versions[1]!.commit, versions[1]!.path)).toBe(texts.bob)
    expect(await fileAt(r.root, versions[2]!.commit, versions[2]!.path)).toBe(texts.first)
    expect(formatVersion(versions[1]!)).toMatch(/^[0-9a-f]{7,}  \d{4}-\d\d-\d\d \d\d:\d\d  Bob Other  About: Bob says hello$/)
  })

  it('says what each version changed on the page, in page terms: a rename alone changes no words', async () => {
    const versions = await describedPageHistory(r.root, 'about-us.yaml')
    expect(versions.map((v) => v.lines)).toEqual([
      [],
      [{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'Hello from Bob' }],
      expect.arrayContaining([expect.objectContaining({ kind: 'added', label: 'title', after: 'About' })]),
    ])
  })

  it('lists a deleted page with the commit that still has it, and restores it as an ordinary change', async () => {
    const deleted = await deletedPages(r.root)
    expect(deleted.map((d) => [d.path, d.route, d.deletedIn.message])).toEqual([['pages/team.yaml', '/team', 'Team page removed']])
    const text = await fileAt(r.root, deleted[0]!.lastVersion, deleted[0]!.path)
    expect(text).toBe(texts.team)
    expect((await routeHistory(r.root, '/team'))?.versions.map((v) => v.message)).toEqual(['First version'])

    write(r.root, 'pages/team.yaml', text)
    try {
      expect(await deletedPages(r.root)).toEqual([])
      expect((await publishStatus(r.root)).changes.map((c) => [c.path, c.status])).toEqual([['pages/team.yaml', 'added']])
    } finally {
      rmSync(join(r.root, 'pages/team.yaml'))
    }
  })

  it('refuses a commit name that git could read as an option, and a file outside pages/', async () => {
    await expect(fileAt(r.root, '--output=/tmp/x', 'pages/about-us.yaml')).rejects.toThrow(/not a commit name/)
    await expect(pageHistory(r.root, '../README.md')).rejects.toThrow(/not a page file under pages\//)
  })

  it('npm run history prints one version a line, and says so when no page ever had the route', async () => {
    const run = (route: string) =>
      promisify(execFile)(join(projectRoot, 'node_modules/.bin/tsx'), [join(projectRoot, 'scripts/history.ts'), '--root', r.root, route]).then(
        (out) => ({ code: 0, ...out }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
    const [found, unknown] = await Promise.all([run('/about-us'), run('/nowhere')])
    expect(found.stdout.trim().split('\n').map((line) => line.split('  ').slice(2).join('  '))).toEqual([
      'Ada Author  About moves to /about-us',
      'Bob Other  About: Bob says hello',
      'Ada Author  First version',
    ])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr.trim()).toBe('No page has the address /nowhere, now or in its history (the address of pages/about-us.yaml is /about-us).')
  }, 30_000)
})
