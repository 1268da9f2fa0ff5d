import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PagesAnswer } from '../../../../src/studio/shared/api'
import { generatedPages } from '../../../../scripts/bench-scale'
import { tempProject } from '../../../../scripts/temp-project'
import { openStudio, studioApi, type RunningStudio } from '../../../support/studio-session'
import { builtClient } from '../../../../src/studio/server/client/build-client'

/**
 * A save at the studio's start, on a real server over a site of thousands of
 * pages no check has read: it is written and answered while every page is
 * still being read (at 10,000 pages it waited about 8 s for that read), and
 * the list has it once the read is done.
 */
const file = 'gen/p1.yaml'
let project: ReturnType<typeof tempProject>
let studio: RunningStudio
let token: string

beforeAll(async () => {
  // Enough pages that reading them takes a second or more on worker threads.
  project = tempProject(generatedPages(2_000))
  // The studio's app made first, if its code changed: the studio starts reading the pages before it makes the app, and
  // a few seconds of making it (the first test run after a change of src/studio) were enough to read 2,000 pages.
  await builtClient(join(import.meta.dirname, '../../../..'), 'production')
  ;({ studio, token } = await openStudio(project.root))
}, 60_000)
afterAll(async () => {
  await studio?.close()
  project?.remove()
})

const { api } = studioApi(() => ({ studio, token }))

it('saves a page while every page is still being read, and lists it as saved once they are', async () => {
  expect((await api<PagesAnswer>('/api/pages')).checking).toBe(true)
  const { text, hash } = await api<{ text: string; hash: string }>(`/api/file?path=${file}`)
  const edited = text.replace(/^title: .*$/m, 'title: Saved before every page was read')
  const saved = await api<{ hash: string; problems: unknown[] }>('/api/file', 'PUT', { path: file, text: edited, baseHash: hash })
  expect(saved.problems).toEqual([])
  expect(readFileSync(join(project.root, 'pages', file), 'utf8')).toBe(edited)
  expect((await api<PagesAnswer>('/api/pages')).checking, 'answered before the read was done').toBe(true)
  await expect
    .poll(async () => (await api<PagesAnswer>('/api/pages')).files.find((f) => f.file === file)?.title, { timeout: 30_000 })
    .toBe('Saved before every page was read')
  expect((await api<PagesAnswer>('/api/pages')).checking).toBeUndefined()
}, 60_000)
