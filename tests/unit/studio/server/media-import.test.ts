import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { importMedia, uploadLimits } from '../../../../src/studio/server/media/index.ts'
import { slugFromWords } from '../../../../src/studio/server/media/names.ts'
import { sniffUpload } from '../../../../src/studio/server/media/sniff.ts'
import { gpsLatitude, readJpegGps, webpChunks, withPhoneExif } from '../../../support/exif.ts'

/** Set to a call number to make that write fail with ENOSPC, as a full disk would. */
const writes = vi.hoisted(() => ({ failAt: 0, count: 0 }))
vi.mock('../../../../src/compiler/site/plain-files.ts', async (original) => {
  const real = await original<typeof import('../../../../src/compiler/site/plain-files.ts')>()
  return {
    ...real,
    writeFileAtomic: (...args: Parameters<typeof real.writeFileAtomic>) => {
      if (++writes.count === writes.failAt) throw Object.assign(new Error('no space left'), { code: 'ENOSPC' })
      real.writeFileAtomic(...args)
    },
  }
})

const root = mkdtempSync(join(tmpdir(), 'media-import-'))
let publicDir = ''
let n = 0
beforeEach(() => {
  publicDir = join(root, `public-${++n}`)
  mkdirSync(publicDir)
  writes.failAt = 0
  writes.count = 0
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Every file under public/, relative to it, sorted. */
const listing = () => readdirSync(publicDir, { recursive: true, encoding: 'utf8' }).sort()
const read = (file: string) => readFileSync(join(publicDir, file))

/** A landscape photo taken with the phone turned (orientation 6: shown turned a quarter clockwise), with its GPS position. */
async function phonePhoto(): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#4a8' } })
    .composite([{ input: { create: { width: 200, height: 1000, channels: 3, background: '#c33' } }, left: 0, top: 0 }])
    .jpeg()
    .toBuffer()
  return withPhoneExif(jpeg, 6)
}

describe('pictures', () => {
  it('turns a phone photo upright, drops its GPS position and every other piece of metadata, and writes the site sizes named from the words', async () => {
    const photo = await phonePhoto()
    // The input really carries the position and the orientation.
    expect(readJpegGps(photo)).toEqual({ ref: gpsLatitude.ref, degrees: [...gpsLatitude.degrees] })
    expect((await sharp(photo).metadata()).orientation).toBe(6)

    const result = await importMedia(publicDir, photo, { words: 'Nurse at a clinic' })
    expect(result).toEqual({
      ok: true,
      kind: 'image',
      src: '/media/img/nurse-at-a-clinic.webp',
      files: ['media/img/nurse-at-a-clinic.webp', 'media/img/nurse-at-a-clinic-480w.webp', 'media/img/nurse-at-a-clinic-800w.webp', 'media/img/nurse-at-a-clinic-share.jpg'],
      width: 1000,
      height: 2000,
    })
    expect(listing()).toEqual(['media', 'media/img', ...(result.ok ? result.files : [])].sort())
    for (const [file, width] of [['nurse-at-a-clinic.webp', 1000], ['nurse-at-a-clinic-480w.webp', 480], ['nurse-at-a-clinic-800w.webp', 800]] as const) {
      const bytes = read(`media/img/${file}`)
      const meta = await sharp(bytes).metadata()
      expect([meta.format, meta.width, meta.height], file).toEqual(['webp', width, width * 2])
      expect(meta.exif ?? meta.xmp ?? meta.orientation, file).toBeUndefined()
      expect(webpChunks(bytes).filter((c) => c === 'EXIF' || c === 'XMP '), file).toEqual([])
      expect(bytes.includes('Exif'), file).toBe(false)
      expect(bytes.length, file).toBeLessThan(100 * 1024)
      // Upright: the red band that was on the photo's left edge is now along its top.
      const { data } = await sharp(bytes).extract({ left: Math.floor(width / 2), top: 2, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true })
      expect(data[0], file).toBeGreaterThan(150)
    }
    // Its link-preview copy: 1200 x 630, a JPEG, with no metadata either.
    const share = read('media/img/nurse-at-a-clinic-share.jpg')
    const meta = await sharp(share).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.orientation]).toEqual(['jpeg', 1200, 630, undefined, undefined, undefined])
    expect(share.includes('Exif')).toBe(false)
  })

  it('never overwrites: the same words again, or a name whose copy alone exists, get the next number', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#36c' } }).png().toBuffer()
    const first = await importMedia(publicDir, photo, { words: 'Team photo' })
    const before = read('media/img/team-photo.webp')
    const second = await importMedia(publicDir, photo, { words: 'Team photo' })
    expect(second).toMatchObject({ ok: true, src: '/media/img/team-photo-2.webp', files: ['media/img/team-photo-2.webp', 'media/img/team-photo-2-480w.webp', 'media/img/team-photo-2-800w.webp', 'media/img/team-photo-2-share.jpg'] })
    expect(read('media/img/team-photo.webp').equals(before)).toBe(true)
    expect(first.ok && first.files.length).toBe(4)

    writeFileSync(join(publicDir, 'media/img/logo-1280w.webp'), 'someone else’s')
    expect(await importMedia(publicDir, photo, { words: 'Logo' })).toMatchObject({ ok: true, src: '/media/img/logo-2.webp' })
  })

  it('a plain SVG becomes a WebP at twice its size; its words in another script fall back to "picture"', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="#f80"/></svg>'
    const result = await importMedia(publicDir, new TextEncoder().encode(svg), { words: '看護師' })
    expect(result).toEqual({ ok: true, kind: 'image', src: '/media/img/picture.webp', files: ['media/img/picture.webp', 'media/img/picture-480w.webp', 'media/img/picture-share.jpg'], width: 600, height: 300 })
  })

  it.each([
    ['AVIF', (image: Sharp) => image.avif()],
    ['GIF', (image: Sharp) => image.gif()],
    ['WebP', (image: Sharp) => image.webp()],
  ])('takes %s too', async (_, format) => {
    const bytes = await format(sharp({ create: { width: 600, height: 400, channels: 3, background: '#963' } })).toBuffer()
    expect(await importMedia(publicDir, bytes, { words: 'Other format' })).toMatchObject({ ok: true, files: ['media/img/other-format.webp', 'media/img/other-format-480w.webp', 'media/img/other-format-share.jpg'], width: 600, height: 400 })
  })

  it('names come from the words: lower-case ASCII and dashes, accents dropped, 60 characters at most', () => {
    expect(slugFromWords('Nurse at a clinic', 'picture')).toBe('nurse-at-a-clinic')
    expect(slugFromWords('  Café crème — São Paulo!  ', 'picture')).toBe('cafe-creme-sao-paulo')
    expect(slugFromWords('Łódź Straße', 'picture')).toBe('lodz-strasse')
    expect(slugFromWords('Москва', 'picture')).toBe('picture')
    expect(slugFromWords('Logo 480w', 'picture')).toBe('logo-480w-picture')
    const long = slugFromWords('A very long description of a picture that an author wrote without stopping to think', 'picture')
    expect(long.length).toBeLessThanOrEqual(60)
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })
})

describe('refusals: one sentence, and nothing written', () => {
  const svg = (body: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`)
  const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic'), 0, 0, 0, 0])
  const tooLarge = new Uint8Array(uploadLimits.pictureBytes + 1)
  tooLarge.set([0xff, 0xd8, 0xff, 0xe0])
  const cases: [string, Uint8Array, RegExp][] = [
    ['a text file (whatever it is called: photo.jpg)', new TextEncoder().encode('Dear team, the photos are attached.'), /not a picture or a video/],
    ['unknown binary', new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0, 8, 0, 1, 2, 3, 4, 5, 6]), /not a picture or a video/],
    ['an empty file', new Uint8Array(), /not a picture or a video/],
    ['a JPEG over the upload limit', tooLarge, /This picture is 25\.0 MB, and pictures up to 25\.0 MB/],
    ['an SVG with a <script>', svg('<script>alert(1)</script>'), /holds a <script> element/],
    ['an SVG with onload=', svg('<rect width="5" height="5" onload="alert(1)"/>'), /holds an event handler attribute \(onload\)/],
    ['a HEIC photo', heic, /HEIC/],
    ['a damaged JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3, 4, 5]), /starts like a JPEG but cannot be read/],
  ]
  it.each(cases)('%s', async (_, bytes, reason) => {
    mkdirSync(join(publicDir, 'media/img'), { recursive: true })
    writeFileSync(join(publicDir, 'media/img/existing.webp'), 'x')
    const before = listing()
    const result = await importMedia(publicDir, bytes, { words: 'photo' })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(reason)
    expect(!result.ok && result.reason).toMatch(/^[A-Z][^\n]*\.$/)
    expect(listing()).toEqual(before)
  })

  it('a write that fails half way removes the files already written', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#36c' } }).png().toBuffer()
    writes.failAt = 3
    const result = await importMedia(publicDir, photo, { words: 'Half' })
    expect(result).toEqual({ ok: false, reason: 'The file could not be saved (ENOSPC), so nothing was added.' })
    expect(listing()).toEqual(['media', 'media/img'])
  })

  it('a project without a public folder is told so before anything is encoded', async () => {
    expect(await importMedia(join(root, 'no-such-folder'), await phonePhoto(), { words: 'x' })).toEqual({ ok: false, reason: 'This project has no public folder to keep pictures and videos in, so nothing was added.' })
  })

  it('a media folder that is a link out of public/ is not written through', async () => {
    const outside = mkdtempSync(join(root, 'outside-'))
    symlinkSync(outside, join(publicDir, 'media'))
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#36c' } }).png().toBuffer()
    expect(await importMedia(publicDir, photo, { words: 'Out' })).toEqual({ ok: false, reason: 'The file could not be saved (a link out of public/), so nothing was added.' })
    expect(readdirSync(outside)).toEqual([])
  })

  it('sniffs by the bytes: AVIF, HEIC and MP4 all start with ftyp', () => {
    const ftyp = (major: string, ...compatible: string[]) => new TextEncoder().encode(`\0\0\0${String.fromCharCode(16 + 4 * compatible.length)}ftyp${major}\0\0\0\0${compatible.join('')}`)
    expect(sniffUpload(ftyp('avif', 'mif1', 'miaf'))).toBe('avif')
    expect(sniffUpload(ftyp('mif1', 'avif'))).toBe('avif')
    expect(sniffUpload(ftyp('heic', 'mif1'))).toBe('heic')
    expect(sniffUpload(ftyp('isom', 'iso2', 'avc1', 'mp41'))).toBe('mp4')
    expect(sniffUpload(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm')
  })
})

const ffmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' })
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe.skipIf(!ffmpeg)('videos (need ffmpeg and ffprobe on PATH; skipped without them)', () => {
  const clip = (seconds: number, name: string, extra: string[] = []) => {
    const file = join(root, name)
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=24:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`, ...extra, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-shortest', file])
    return readFileSync(file)
  }
  const tags = (file: string) => execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags:stream=codec_type,codec_name', '-of', 'json', file], { encoding: 'utf8' })

  it('a one-second MP4 with sound and a location becomes a silent WebM and MP4 with a poster, with no location', async () => {
    const mp4 = clip(1, 'phone.mp4', ['-metadata', 'location=+51.5033-000.1196/', '-metadata', 'title=My holiday'])
    expect(tags(join(root, 'phone.mp4'))).toContain('+51.5033')
    const result = await importMedia(publicDir, mp4, { words: 'Clinic waiting room' })
    expect(result).toEqual({
      ok: true,
      kind: 'video',
      src: '/media/video/clinic-waiting-room.webm',
      mp4: '/media/video/clinic-waiting-room.mp4',
      poster: '/media/video/clinic-waiting-room-poster.webp',
      files: ['media/video/clinic-waiting-room.webm', 'media/video/clinic-waiting-room.mp4', 'media/video/clinic-waiting-room-poster.webp', 'media/video/clinic-waiting-room-poster-share.jpg'],
      width: 320,
      height: 240,
    })
    for (const file of ['clinic-waiting-room.webm', 'clinic-waiting-room.mp4']) {
      const probe = tags(join(publicDir, 'media/video', file))
      expect(probe, file).not.toContain('51.5033')
      expect(probe, file).not.toContain('holiday')
      expect(probe, file).not.toContain('audio')
      expect(read(`media/video/${file}`).length, file).toBeLessThan(300 * 1024)
    }
    expect(sniffUpload(read('media/video/clinic-waiting-room.webm'))).toBe('webm')
    expect(sniffUpload(read('media/video/clinic-waiting-room.mp4'))).toBe('mp4')
    const poster = read('media/video/clinic-waiting-room-poster.webp')
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 })
  }, 30_000)

  it('a video longer than the site takes is refused before it is encoded', async () => {
    const long = clip(11, 'long.mp4')
    const result = await importMedia(publicDir, long, { words: 'Long' })
    expect(result).toEqual({ ok: false, reason: 'This video is 11 seconds long, and the site takes loops of up to 10 seconds: trim it and try again.' })
    expect(listing()).toEqual([])
  }, 30_000)
})
