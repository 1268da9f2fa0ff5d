import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PagesAnswer } from '../../../../src/studio/shared/api'
import type { PublishStatus } from '../../../../src/studio/shared/publish-types'
import { unpublishedPaths } from '../../../../src/studio/state/unpublished'
import { isolateGit, makeRepos, read, type Repos } from '../../../support/git-repos'
import { openStudio, studioApi, type RunningStudio } from '../../../support/studio-session'

/**
 * A page just saved is "not published" at once: the real studio numbers its
 * writes in the pages it sends, and each publish status says how many it had
 * seen when read, so the studio's page can tell a save the status has not
 * seen yet from one it has (where git's answer stands).
 */
let r: Repos
let studio: RunningStudio
let token: string

beforeAll(async () => {
  isolateGit()
  r = await makeRepos({ remote: false })
  ;({ studio, token } = await openStudio(r.root))
}, 60_000)
afterAll(async () => {
  await studio?.close()
  r?.remove()
})

const { api } = studioApi(() => ({ studio, token }))
const save = async (file: string, edit: (text: string) => string) => {
  const { text, hash } = await api<{ text: string; hash: string }>(`/api/file?path=${file}`)
  await api('/api/file', 'PUT', { path: file, text: edit(text), baseHash: hash })
}

it('numbers each write in the pages answer, and each status says how many writes it saw', async () => {
  const start = await api<PublishStatus>('/api/publish')
  expect(start.changes).toEqual([])
  expect(start.seenWrites).toBe(0)
  const published = read(r.root, 'pages/about.yaml')
  await save('about.yaml', (text) => text.replace(/^title: .*$/m, 'title: Saved here'))
  const pages = await api<PagesAnswer>('/api/pages')
  expect(pages.lastWrite).toEqual({ 'about.yaml': 1 })
  // Before a status has seen the save, the page is taken as not published...
  expect([...unpublishedPaths(start, pages.lastWrite)!]).toEqual(['pages/about.yaml'])
  const after = await api<PublishStatus>('/api/publish')
  expect(after.seenWrites).toBe(1)
  expect(after.changes.map((c) => c.path)).toEqual(['pages/about.yaml'])
  // ...and once one has, git's answer stands: saved back as published, it is published.
  await save('about.yaml', () => published)
  expect((await api<PagesAnswer>('/api/pages')).lastWrite).toEqual({ 'about.yaml': 2 })
  const back = await api<PublishStatus>('/api/publish')
  expect(back.seenWrites).toBe(2)
  expect([...unpublishedPaths(back, { 'about.yaml': 2 })!]).toEqual([])
})

it('says nothing of publishing with no status (no repository)', () => {
  expect(unpublishedPaths(undefined, { 'about.yaml': 3 })).toBeUndefined()
})
