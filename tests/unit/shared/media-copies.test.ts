import { describe, expect, it } from 'vitest'
import { originalOf, withoutCopies } from '../../../src/shared/media-copies'
import { foldCopies } from '../../../src/studio/publish/diff-view'
import type { FileChange } from '../../../src/studio/shared/publish-types'

const media = (path: string): FileChange => ({ path, status: 'added', kind: 'media', bytes: 2048 })

describe("a picture's copies", () => {
  it('are known by their names beside the picture they were made from', () => {
    const paths = new Set(['/m/team.webp', '/m/team-800w.webp', '/m/team-portrait.webp', '/m/team-share.jpg', '/m/lone-800w.webp'])
    expect(originalOf('/m/team-800w.webp', paths)).toBe('/m/team.webp')
    expect(originalOf('/m/team-portrait.webp', paths)).toBe('/m/team.webp')
    expect(originalOf('/m/team-share.jpg', paths)).toBe('/m/team.webp')
    // A name like a copy's, with no picture it could be made from, is a picture of its own.
    expect(originalOf('/m/lone-800w.webp', paths)).toBeUndefined()
    expect(originalOf('/m/team.webp', paths)).toBeUndefined()
    // What the Publish button counts: the picture once, the lone one, no copy.
    expect(withoutCopies(paths)).toEqual(['/m/team.webp', '/m/lone-800w.webp'])
  })

  it('go with their picture in Publish: one picture uploaded is one change, not four', () => {
    const changes = [media('public/m/team.webp'), media('public/m/team-800w.webp'), media('public/m/team-portrait.webp'), media('public/m/team-share.jpg'), { path: 'pages/about.yaml', status: 'modified', kind: 'page', route: '/about' } satisfies FileChange]
    expect(foldCopies(changes).map((c) => [c.path, c.copies])).toEqual([
      ['public/m/team.webp', 3],
      ['pages/about.yaml', 0],
    ])
  })
})
