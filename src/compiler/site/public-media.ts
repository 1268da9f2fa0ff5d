// The files under public/ as pages use them: by URL, with their sizes, smaller copies and phone crops.
import { readFileSync, statSync } from 'node:fs'
import { extname, relative } from 'node:path'
import { imageSize } from 'image-size'
import { pictureExtensions } from './media-files.ts'
import { listFiles } from './project-paths.ts'
import { videoSize } from './video-size.ts'
import type { BuiltImage, BuiltVideo } from '../../shared/image.ts'
import type { MediaEntry } from '../../shared/catalogue.ts'
import { portraitOf, shareCopyOf, sizedCopyPattern } from '../../shared/media-copies.ts'
import { siteIcons, sitePreview } from '../../shared/site-icons.ts'

/** Public files by URL path ("/media/img/x.webp" -> absolute path). */
export function listMedia(publicDir: string): Map<string, string> {
  return mediaByUrl(publicDir, listFiles(publicDir))
}

export function mediaByUrl(publicDir: string, files: readonly string[]): Map<string, string> {
  return new Map(files.map((file) => [`/${relative(publicDir, file).replace(/\\/g, '/')}`, file]))
}

/**
 * The site's own pictures, made from public/favicon.svg (site-icons.ts): the
 * tab's and home screens' icons and the link preview of a page without a
 * picture. None is a picture for a page.
 */
const siteMade = new Set<string>(['/favicon.svg', ...Object.values(siteIcons), sitePreview.src])

/**
 * The pictures and videos an author can use: every picture and video under
 * public/ but the smaller copies made beside a picture (its srcset) and its
 * phone crop, and the site's icons, with
 * file size and pixel size. The catalogue's media section and the studio's
 * picker list these.
 */
export function authorMedia(media: ReadonlyMap<string, string>): MediaEntry[] {
  const copies = new Set([...copiesIn(media).values()].flat().map((c) => c.path))
  for (const path of media.keys()) for (const made of [portraitOf(path), shareCopyOf(path)]) if (media.has(made)) copies.add(made)
  const entries: MediaEntry[] = []
  for (const [path, file] of [...media].sort(([a], [b]) => a.localeCompare(b))) {
    const extension = extname(path).slice(1).toLowerCase()
    const kind = extension in pictureExtensions ? 'picture' : extension === 'mp4' || extension === 'webm' ? 'video' : undefined
    if (!kind || copies.has(path) || siteMade.has(path)) continue
    const size = kind === 'picture' ? sizeOf(file, media) : videoSize(readFileSync(file))
    const base = path.slice(0, -extension.length - 1)
    const poster = kind === 'video' ? [...media.keys()].find((p) => p.startsWith(`${base}-poster.`)) : undefined
    const pair = kind === 'video' ? [`${base}.mp4`, `${base}.webm`].find((p) => p !== path && media.has(p)) : undefined
    entries.push({ path, kind, bytes: statSync(file).size, ...(size ? { width: size.width, height: size.height } : {}), ...(poster ? { poster } : {}), ...(pair ? { pair } : {}) })
  }
  return entries
}

/**
 * Give every image its intrinsic width and height, read from the file, so
 * the browser reserves its space and nothing shifts (CLS 0), and a srcset
 * when smaller copies exist beside the file. Images are the objects with a
 * "src" and an "alt" (the shared image definition).
 */
export function addImageSizes(value: unknown, media: ReadonlyMap<string, string>): void {
  visitMedia(value, {
    image(image: BuiltImage) {
      const size = sizeOf(media.get(image.src), media)
      if (size && image.width === undefined) {
        image.width = size.width
        image.height = size.height
      }
      const srcset = size && srcsetOf(image.src, size.width, media)
      if (srcset) image.srcset = srcset
      const portrait = portraitOf(image.src)
      if (media.has(portrait)) image.portrait = portrait
    },
    video(video: BuiltVideo) {
      const portrait = { webm: portraitOf(video.webm), mp4: portraitOf(video.mp4) }
      if (media.has(portrait.webm) && media.has(portrait.mp4)) video.portrait = portrait
    },
  })
}

/**
 * Every picture and video in a page's data, found by shape as the shared
 * definitions give them: an image is an object with a "src" and an "alt", a
 * video one with a "webm" and an "mp4".
 */
export function visitMedia(value: unknown, visit: { image?: (image: BuiltImage) => void; video?: (video: BuiltVideo) => void }): void {
  if (Array.isArray(value)) {
    for (const item of value) visitMedia(item, visit)
    return
  }
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (typeof record.webm === 'string' && typeof record.mp4 === 'string') visit.video?.(record as unknown as BuiltVideo)
  if (typeof record.src === 'string' && typeof record.alt === 'string') visit.image?.(record as unknown as BuiltImage)
  for (const child of Object.values(record)) visitMedia(child, visit)
}

/**
 * "x-480w.webp 480w, x-800w.webp 800w, x.webp 1200w" from the copies
 * scripts/media makes beside x.webp, so small screens fetch small files.
 * Undefined when the image has no copies.
 */
function srcsetOf(src: string, width: number, media: ReadonlyMap<string, string>): string | undefined {
  const copies = copiesIn(media).get(src)?.filter((c) => c.width < width)
  if (!copies?.length) return undefined
  return [...copies, { path: src, width }].map((c) => `${c.path} ${c.width}w`).join(', ')
}

/**
 * What a page's data reads of public/ beside a file it names (addImageSizes):
 * the smaller copies of a picture, by name, and whether it has a portrait
 * version. A page kept from an earlier run is kept under this (see
 * pageCheckKeys): a copy or a portrait added beside its picture changes its data.
 */
export function filesBeside(url: string, media: ReadonlyMap<string, string>): string {
  return `${(copiesIn(media).get(url) ?? []).map((copy) => copy.path).join(' ')}|${media.has(portraitOf(url)) ? 'portrait' : ''}`
}

/** The picture a link preview of a page whose first picture is `src` shows: its share copy when it has one, with its size when known. */
export function sharePicture(src: string, media: ReadonlyMap<string, string>): { src: string; width?: number; height?: number } {
  const share = media.has(shareCopyOf(src)) ? shareCopyOf(src) : src
  const size = sizeOf(media.get(share), media)
  return { src: share, ...(size ?? {}) }
}

const copyIndexes = new WeakMap<ReadonlyMap<string, string>, Map<string, { path: string; width: number }[]>>()

/** The smaller copies of every public file ("/x.webp" -> x-480w.webp, ...), narrowest first; built once per listing. */
function copiesIn(media: ReadonlyMap<string, string>): Map<string, { path: string; width: number }[]> {
  let index = copyIndexes.get(media)
  if (!index) {
    index = new Map()
    for (const path of media.keys()) {
      const match = sizedCopyPattern.exec(path)
      if (!match) continue
      const original = match[1]! + match[3]!
      if (!media.has(original)) continue
      index.set(original, [...(index.get(original) ?? []), { path, width: Number(match[2]) }].sort((a, b) => a.width - b.width))
    }
    copyIndexes.set(media, index)
  }
  return index
}

type Size = { width: number; height: number } | null

/**
 * Sizes read so far, per listing of public/: every loadSite lists it anew,
 * so `npm run dev` reads a replaced image again instead of keeping its old size.
 */
const sizeCaches = new WeakMap<ReadonlyMap<string, string>, Map<string, Size>>()

function sizeOf(file: string | undefined, media: ReadonlyMap<string, string>): Size {
  if (!file) return null
  let sizeCache = sizeCaches.get(media)
  if (!sizeCache) sizeCaches.set(media, (sizeCache = new Map()))
  if (!sizeCache.has(file)) {
    try {
      const { width, height } = imageSize(readFileSync(file))
      sizeCache.set(file, width && height ? { width, height } : null)
    } catch {
      sizeCache.set(file, null)
    }
  }
  return sizeCache.get(file) ?? null
}
