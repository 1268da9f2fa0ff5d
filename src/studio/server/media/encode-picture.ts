import sharp from 'sharp'
import { mediaBudget } from '../../../compiler/site/media-files.ts'
import { bestUnder } from './best-under.ts'
import { sitePreview } from '../../../shared/site-icons.ts'

/**
 * Pictures as the site keeps them (scripts/media/render.mjs makes the
 * site's own the same way): WebP no wider than the widest picture the site
 * has, copies at these widths beside it when it is wider (public-media.ts lists
 * every "-<width>w" copy narrower than the picture in its srcset), and the
 * quality stepped down until each file is within its budget.
 */
export const pictureWidths = { full: 1600, copies: [480, 800, 1280] } as const

/** Per file: the budget render.mjs aims at, by width (the full picture: mediaBudget). */
const budgetFor = (width: number | 'full') => (width === 'full' ? mediaBudget.picture : width > 800 ? 64 * 1024 : 40 * 1024)
const qualities = [80, 72, 64, 56, 48, 40, 32]
/** A video's still, as render.mjs keeps the site's own. */
const posterBudget = 80 * 1024

/** Decoding more pixels than this is refused (a 48-megapixel phone photo is 8064 x 6048). */
export const maxInputPixels = 100_000_000

export interface EncodedPicture {
  width: number
  height: number
  /** The full picture, then each copy narrower than it with its width. */
  full: Uint8Array
  copies: { width: number; bytes: Uint8Array }[]
  /** Its link-preview copy (encodeShareCopy). */
  share: Uint8Array
}

/**
 * Decode `bytes`, turn it upright by its EXIF orientation, and encode it as
 * WebP at the site's sizes. Nothing of the input's metadata is kept: sharp
 * writes EXIF, XMP and ICC only when asked (keepMetadata, keepExif,
 * withMetadata), and this never asks; colours are converted to sRGB first.
 * An SVG is drawn at twice its own size (it is vector: sharp on a 2x screen),
 * through librsvg, which runs no script and loads nothing from outside.
 * Throws when the bytes cannot be decoded.
 */
export async function encodePicture(bytes: Uint8Array, options: { svg: boolean }): Promise<EncodedPicture> {
  const input = { limitInputPixels: maxInputPixels, failOn: 'error' as const }
  let density: number | undefined
  if (options.svg) {
    const { width = pictureWidths.full } = await sharp(bytes, input).metadata()
    density = 72 * Math.min(2, pictureWidths.full / width)
  }
  // Decoded once, upright and no wider than the site's widest; every size is made from these pixels.
  const { data, info } = await sharp(bytes, { ...input, ...(density ? { density } : {}) })
    .autoOrient()
    .toColourspace('srgb')
    .resize({ width: pictureWidths.full, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const encode = (width: number, budget: number) =>
    webpUnder(budget, (quality) => {
      const pipeline = sharp(data, raw)
      if (width < info.width) pipeline.resize({ width })
      return pipeline.webp({ quality, effort: 4 }).toBuffer()
    })
  // A full picture that will not fit its budget even at the lowest quality is made narrower until it does.
  let width = info.width
  let full: Uint8Array
  for (;;) {
    full = await encode(width, budgetFor('full'))
    if (full.length < budgetFor('full')) break
    // Bytes grow with the area: aim the next width a little under the budget.
    width = Math.floor(width * Math.sqrt(budgetFor('full') / full.length) * 0.95)
    if (width < pictureWidths.copies[0]) throw new Error('no width fits the budget')
  }
  const copies: EncodedPicture['copies'] = []
  for (const copy of pictureWidths.copies.filter((w) => w < width)) {
    copies.push({ width: copy, bytes: await encode(copy, budgetFor(copy)) })
  }
  const size = await sharp(full).metadata()
  return { width: size.width!, height: size.height!, full, copies, share: await encodeShareCopy(full) }
}

/**
 * "x-share.jpg" for "x.webp" (public-media.ts's sharePicture finds it): the
 * picture cut around its middle to 1200 x 630 as a JPEG, the size and format
 * link previews (Open Graph, Twitter cards) show whole. No metadata, as above.
 */
export function encodeShareCopy(picture: Uint8Array): Promise<Uint8Array> {
  return sharp(picture, { limitInputPixels: maxInputPixels }).resize(sitePreview.width, sitePreview.height, { fit: 'cover' }).jpeg({ quality: 74, mozjpeg: true }).toBuffer()
}

/** A video's first frame (a PNG from ffmpeg) as its WebP still, at its own size. */
export async function encodePoster(png: Uint8Array): Promise<Uint8Array> {
  return webpUnder(posterBudget, (quality) => sharp(png).webp({ quality, effort: 4 }).toBuffer())
}

/** The best quality under `budget`, or the lowest quality's encoding when none is. */
const webpUnder = async (budget: number, encode: (quality: number) => Promise<Uint8Array>) => (await bestUnder(qualities, budget, encode)).bytes
