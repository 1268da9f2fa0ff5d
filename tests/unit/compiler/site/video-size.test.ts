import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { videoSize } from '../../../../src/compiler/site/video-size'
import { authorMedia, listMedia } from '../../../../src/compiler/index'
import { sitePreview } from '../../../../src/shared/site-icons'
import { projectRoot } from '../../../support/fixture-targets'

/** Frame sizes read from video headers, for the catalogue's media section (fixtures made with ffmpeg's test source). */
describe('videoSize', () => {
  const fixture = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/media', name))

  it('reads an MP4 track header and a WebM track entry', () => {
    expect(videoSize(fixture('small.mp4'))).toEqual({ width: 320, height: 180 })
    expect(videoSize(fixture('small.webm'))).toEqual({ width: 200, height: 120 })
  })

  it('gives nothing for a file that is neither, or cut short', () => {
    expect(videoSize(new TextEncoder().encode('not a video at all'))).toBeUndefined()
    expect(videoSize(fixture('small.mp4').subarray(0, 40))).toBeUndefined()
    expect(videoSize(fixture('small.webm').subarray(0, 40))).toBeUndefined()
    expect(videoSize(new Uint8Array())).toBeUndefined()
  })
})

describe('authorMedia', () => {
  const media = authorMedia(listMedia(join(projectRoot, 'public')))

  it('lists every picture and video with its pixel size, and no smaller copy made for phones', () => {
    expect(media.length).toBeGreaterThan(10)
    expect(media.filter((m) => /-\d+w\.\w+$/.test(m.path))).toEqual([])
    // The site's icons and its own preview picture are not a page's pictures.
    expect(media.filter((m) => !m.path.startsWith('/media/') || m.path === sitePreview.src)).toEqual([])
    for (const entry of media) {
      expect(entry.bytes, entry.path).toBeGreaterThan(0)
      expect(entry.width && entry.height, entry.path).toBeTruthy()
    }
  })

  it('pairs a video with its other format and its still image', () => {
    for (const video of media.filter((m) => m.kind === 'video')) {
      if (video.pair) expect(media.find((m) => m.path === video.pair)?.pair).toBe(video.path)
      if (video.poster) expect(media.some((m) => m.path === video.poster && m.kind === 'picture')).toBe(true)
    }
  })
})
