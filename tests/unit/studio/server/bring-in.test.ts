/**
 * Bring in the latest, against real repositories: what a colleague
 * published comes into this copy without publishing anything, and this
 * author's saved edits stay, combined field by field.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { bringInLatest } from '../../../../src/studio/server/publish/bring-in'
import { publishStatus } from '../../../../src/studio/server/publish'
import { gitText } from '../../../../src/studio/server/git/run'
import { isolateGit, page, pushFromOther, read, reposTemplate, snapshot, write, type Repos } from '../../../support/git-repos'

beforeAll(isolateGit)
const made: Repos[] = []
afterEach(() => made.splice(0).forEach((r) => r.remove()))
const template = reposTemplate()
afterAll(template.remove)

it("takes a colleague's published pages in, merges a page both changed by field, keeps this author's edits unpublished, and publishes nothing", async () => {
  const r = await repos()
  const remoteBefore = await gitText(r.remote, ['rev-parse', 'main'])
  const theirs = await pushFromOther(
    r,
    { 'pages/about.yaml': page('About').replace('description: About About.', 'description: Rewritten by Bob.'), 'pages/team.yaml': page('Team').replace('title: Hello', 'title: Bob greets'), 'pages/new.yaml': page('New') },
    'Bob publishes',
  )
  write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Ada greets'))
  const before = await publishStatus(r.root, { fetch: true })
  expect(before.behind).toBe(1)
  expect(before.liveChanged).toEqual(['pages/about.yaml', 'pages/new.yaml', 'pages/team.yaml'])

  const outcome = await bringInLatest(r.root)
  expect(outcome).toMatchObject({ kind: 'updated', files: ['pages/about.yaml', 'pages/new.yaml', 'pages/team.yaml'], merged: ['pages/about.yaml'] })
  expect(read(r.root, 'pages/about.yaml')).toContain('description: Rewritten by Bob.')
  expect(read(r.root, 'pages/about.yaml')).toContain('title: Ada greets')
  expect(read(r.root, 'pages/team.yaml')).toContain('title: Bob greets')
  expect(read(r.root, 'pages/new.yaml')).toBe(page('New'))
  expect(await gitText(r.root, ['rev-parse', 'HEAD'])).toBe(theirs)
  const after = await publishStatus(r.root)
  expect([after.behind, after.liveChanged, after.changes.map((c) => c.path)]).toEqual([0, undefined, ['pages/about.yaml']])
  expect(after.changes[0]!.lines).toEqual([{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'Ada greets' }])
  // Nothing was published.
  expect(await gitText(r.remote, ['rev-parse', 'main'])).not.toBe(remoteBefore)
  expect(await gitText(r.remote, ['rev-parse', 'main'])).toBe(theirs)
})

it('the same field changed on both sides: refused in words, and nothing changes', async () => {
  const r = await repos()
  await pushFromOther(r, { 'pages/about.yaml': page('About').replace('title: Hello', 'title: Bob') }, 'Bob')
  write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Ada'))
  await publishStatus(r.root, { fetch: true })
  const before = await snapshot(r)
  expect(await bringInLatest(r.root)).toEqual({ kind: 'refused', reason: 'Nothing was changed: pages/about.yaml was changed both here and on the live site, in the same places. Publish to choose which version to keep.' })
  expect(await snapshot(r)).toBe(before)
  expect(read(r.root, 'pages/about.yaml')).toContain('title: Ada')
})

it('with nothing new live, says so', async () => {
  const r = await repos()
  expect(await bringInLatest(r.root)).toMatchObject({ kind: 'updated', files: [], message: 'You already have everything that is live.' })
})

async function repos(): Promise<Repos> {
  const r = await template.copy()
  made.push(r)
  return r
}
