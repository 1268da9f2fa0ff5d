import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeletedHere, DeletedPage } from '../../../../src/studio/shared/publish-types'
import { publishStatus } from '../../../../src/studio/server/publish'
import { commitAll, isolateGit, makeRepos, page, read, write, type Repos } from '../../../support/git-repos'
import { openStudio, studioApi, type RunningStudio } from '../../../support/studio-session'

/**
 * Deleting a page in the studio never loses it: the real studio server over
 * a real repository keeps the page's exact text when it deletes it, lists it
 * under Deleted pages (published or not, and across a restart), and puts it
 * back as it was. team.yaml's deletion is published before, so the history
 * has one of its own.
 */
let r: Repos
let studio: RunningStudio
let token: string

beforeAll(async () => {
  isolateGit()
  r = await makeRepos({ remote: false })
  rmSync(join(r.root, 'pages/team.yaml'))
  await commitAll(r.root, 'Team page removed')
  ;({ studio, token } = await openStudio(r.root))
}, 60_000)
afterAll(async () => {
  await studio?.close()
  r?.remove()
})

const { call } = studioApi(() => ({ studio, token }))
const deleted = async () => (await call('/api/deleted')).json as (DeletedHere | DeletedPage)[]
const remove = (path: string) => call('/api/delete', 'POST', { path })
const restore = (path: string, commit?: string) => call('/api/restore-deleted', 'POST', { path, ...(commit ? { commit } : {}) })

describe('a page deleted in the studio', () => {
  it('comes back byte for byte when it was never published, and is listed first, with no version of the history', async () => {
    const text = page('Draft ideas').replace('title: Hello', 'title: Only here\r\n# an author’s note')
    write(r.root, 'pages/ideas.yaml', text)
    expect((await remove('ideas.yaml')).status).toBe(200)
    expect(existsSync(join(r.root, 'pages/ideas.yaml'))).toBe(false)
    const listed = await deleted()
    expect(listed.map((d) => [d.path, 'deletedAt' in d ? 'kept' : d.deletedIn.message])).toEqual([
      ['pages/ideas.yaml', 'kept'],
      ['pages/team.yaml', 'Team page removed'],
    ])
    expect((listed[0] as DeletedHere).route).toBe('/ideas')
    expect(await restore('ideas.yaml')).toEqual({ status: 200, json: { file: 'ideas.yaml', relinked: [], missed: [] } })
    expect(read(r.root, 'pages/ideas.yaml')).toBe(text)
    expect((await deleted()).map((d) => d.path)).toEqual(['pages/team.yaml'])
    // What it kept is gone with the restore: nothing left to put back twice.
    expect((await restore('ideas.yaml')).status).toBe(404)
    rmSync(join(r.root, 'pages/ideas.yaml'))
  })

  it('comes back with its saved changes not yet published, not as it was last published', async () => {
    const edited = read(r.root, 'pages/about.yaml').replace(/^title: .*$/m, 'title: About, edited and saved')
    write(r.root, 'pages/about.yaml', edited)
    await remove('about.yaml')
    await restore('about.yaml')
    expect(read(r.root, 'pages/about.yaml')).toBe(edited)
  })

  it('is listed after the studio restarts, and restored then', async () => {
    const text = read(r.root, 'pages/about.yaml')
    await remove('about.yaml')
    await studio.close()
    ;({ studio, token } = await openStudio(r.root))
    expect((await deleted())[0]).toMatchObject({ path: 'pages/about.yaml', route: '/about', deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    await restore('about.yaml')
    expect(read(r.root, 'pages/about.yaml')).toBe(text)
  }, 60_000)

  it('is refused back over a page of its name made since, and what was kept stays', async () => {
    const text = read(r.root, 'pages/about.yaml')
    await remove('about.yaml')
    write(r.root, 'pages/about.yaml', page('Another about'))
    const refused = await restore('about.yaml')
    expect(refused.status).toBe(409)
    expect((refused.json as { error: string }).error).toContain('/about exists again')
    expect(read(r.root, 'pages/about.yaml')).toBe(page('Another about'))
    rmSync(join(r.root, 'pages/about.yaml'))
    await restore('about.yaml')
    expect(read(r.root, 'pages/about.yaml')).toBe(text)
  })

  it('is kept outside pages/ and out of git: nothing to publish but the page itself', async () => {
    const changes = async () => (await publishStatus(r.root)).changes.map((c) => [c.path, c.status])
    const before = await changes()
    await remove('about.yaml')
    expect(readdirSync(join(r.root, '.studio', 'deleted'))).toEqual(['about.yaml.json'])
    expect(await changes()).toEqual([['pages/about.yaml', 'deleted']])
    await restore('about.yaml')
    expect(await changes()).toEqual(before)
  })

  it('a published deletion still comes back from the history', async () => {
    const team = (await deleted()).find((d) => d.path === 'pages/team.yaml') as DeletedPage
    await restore('team.yaml', team.lastVersion)
    expect(read(r.root, 'pages/team.yaml')).toBe(page('Team'))
    rmSync(join(r.root, 'pages/team.yaml'))
  })
})

describe('a page deleted with the links to it', () => {
  it('takes the list items that link to it out in the same step, and Restore puts them back where they were, byte for byte', async () => {
    write(r.root, 'pages/fleet.yaml', page('Fleet'))
    const site = read(r.root, 'pages/_site.yaml')
    // A menu entry beside the settings' first one, to the new page.
    const menu = /^( *)- label: .*\n\1  href: .*\n/m.exec(site)
    if (!menu) return expect.fail("the mini site's settings have no menu link")
    const withFleet = site.replace(menu[0], `${menu[0]}${menu[1]}- label: Fleet\n${menu[1]}  href: /fleet\n`)
    write(r.root, 'pages/_site.yaml', withFleet)
    await call('/api/pages')
    const links = (await call('/api/links-to?path=fleet.yaml')).json as { links: { file: string; removable: boolean }[] }
    expect(links.links).toEqual([{ file: '_site.yaml', where: expect.stringContaining('›') as unknown as string, removable: true }])
    const removed = await call('/api/delete', 'POST', { path: 'fleet.yaml', withLinks: true })
    expect(removed.json).toMatchObject({ broken: [], unlinked: ['_site.yaml'] })
    expect(read(r.root, 'pages/_site.yaml')).toBe(site)
    expect(await restore('fleet.yaml')).toEqual({ status: 200, json: { file: 'fleet.yaml', relinked: ['_site.yaml'], missed: [] } })
    expect(read(r.root, 'pages/_site.yaml')).toBe(withFleet)
    expect(read(r.root, 'pages/fleet.yaml')).toBe(page('Fleet'))
  })
})

