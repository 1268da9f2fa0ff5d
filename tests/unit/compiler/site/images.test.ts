import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { addImageSizes, authorMedia, listMedia } from '../../../../src/compiler/index'
import { projectRoot } from '../../../support/fixture-targets'

const media = listMedia(join(projectRoot, 'public'))

it('gives an image its size from the file and a srcset of the smaller copies beside it', () => {
  const image = { src: '/media/img/anim-1.webp', alt: 'Hills' }
  addImageSizes({ blocks: [{ type: 'x', image }] }, media)
  expect(image).toEqual({
    src: '/media/img/anim-1.webp',
    alt: 'Hills',
    width: 1200,
    height: 800,
    srcset: '/media/img/anim-1-480w.webp 480w, /media/img/anim-1-800w.webp 800w, /media/img/anim-1.webp 1200w',
  })
})

it('lists only copies narrower than the file, and none for an image without copies', () => {
  // an 800 px picture has a 480w copy; its 1280w name (no such file) is not listed
  const card = { src: '/media/img/extras-insight.webp', alt: 'A light bulb' }
  const avatar = { src: '/media/img/avatar-1.webp', alt: 'A face' }
  addImageSizes([card, avatar], media)
  expect(card).toMatchObject({ width: 800, height: 600, srcset: '/media/img/extras-insight-480w.webp 480w, /media/img/extras-insight.webp 800w' })
  expect(avatar).toEqual({ src: '/media/img/avatar-1.webp', alt: 'A face', width: 240, height: 240 })
})

it('keeps a width and height the author set, and still adds the srcset', () => {
  const image = { src: '/media/img/anim-2.webp', alt: 'Hills', width: 600, height: 400 }
  addImageSizes(image, media)
  expect(image).toMatchObject({ width: 600, height: 400, srcset: expect.stringContaining('anim-2-480w.webp 480w') })
})

it('reads a replaced image again on the next listing of public/ (npm run dev reloads the site this way)', () => {
  const publicDir = mkdtempSync(join(tmpdir(), 'public-'))
  try {
    mkdirSync(join(publicDir, 'media'))
    const file = join(publicDir, 'media/photo.webp')
    const sized = () => {
      const image = { src: '/media/photo.webp', alt: 'A photo' }
      addImageSizes(image, listMedia(publicDir))
      return image
    }
    copyFileSync(join(projectRoot, 'public/media/img/anim-1.webp'), file)
    expect(sized()).toMatchObject({ width: 1200, height: 800 })
    copyFileSync(join(projectRoot, 'public/media/img/avatar-1.webp'), file)
    expect(sized()).toMatchObject({ width: 240, height: 240 })
  } finally {
    rmSync(publicDir, { recursive: true, force: true })
  }
})

it("names a hero still's and a loop's phone crops (x-portrait beside x), and keeps the crops out of the authors' media list", () => {
  const publicDir = mkdtempSync(join(tmpdir(), 'public-'))
  try {
    mkdirSync(join(publicDir, 'media'))
    const from = join(projectRoot, 'public/media')
    for (const [source, name] of [
      ['img/hero-home.webp', 'still.webp'],
      ['img/hero-home-portrait.webp', 'still-portrait.webp'],
      ['img/avatar-1.webp', 'lone.webp'],
      ['video/b2b.webm', 'loop.webm'],
      ['video/b2b.mp4', 'loop.mp4'],
      ['video/b2b-portrait.webm', 'loop-portrait.webm'],
      ['video/b2b-portrait.mp4', 'loop-portrait.mp4'],
    ]) copyFileSync(join(from, source!), join(publicDir, 'media', name!))
    const listed = listMedia(publicDir)
    const hero = { image: { src: '/media/still.webp', alt: '' }, video: { webm: '/media/loop.webm', mp4: '/media/loop.mp4' } }
    const lone = { src: '/media/lone.webp', alt: 'A face' }
    addImageSizes([hero, lone], listed)
    expect(hero.image).toMatchObject({ portrait: '/media/still-portrait.webp' })
    expect(hero.video).toEqual({ webm: '/media/loop.webm', mp4: '/media/loop.mp4', portrait: { webm: '/media/loop-portrait.webm', mp4: '/media/loop-portrait.mp4' } })
    expect(lone).not.toHaveProperty('portrait')
    expect(authorMedia(listed).map((m) => m.path)).toEqual(['/media/lone.webp', '/media/loop.mp4', '/media/loop.webm', '/media/still.webp'])
  } finally {
    rmSync(publicDir, { recursive: true, force: true })
  }
})
