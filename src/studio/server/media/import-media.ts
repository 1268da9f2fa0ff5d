import { lstatSync, mkdirSync, realpathSync, statSync, unlinkSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { writeFileAtomic } from '../../../compiler/site/plain-files.ts'
import { activeSvgParts } from '../../../compiler/site/svg-safety.ts'
import { encodePicture, encodeShareCopy, pictureWidths } from './encode-picture.ts'
import { encodeVideo } from './encode-video.ts'
import { freeName, slugFromWords } from './names.ts'
import { refusals, uploadLimits } from './refusals.ts'
import { sniffUpload, type UploadKind } from './sniff.ts'

export type ImportResult =
  | {
      ok: true
      kind: 'image'
      /** The path a page writes, e.g. /media/img/nurse-at-a-clinic.webp */
      src: string
      /** Every file written, relative to public/. */
      files: string[]
      width: number
      height: number
    }
  | {
      ok: true
      kind: 'video'
      /** The WebM, for the video's "webm" field. */
      src: string
      /** The MP4 made from the same upload, for its "mp4" field. */
      mp4: string
      /** The first frame, for the block's still image. */
      poster: string
      files: string[]
      width: number
      height: number
    }
  | { ok: false; reason: string }

const label: Record<UploadKind, string> = { jpeg: 'a JPEG', png: 'a PNG', webp: 'a WebP', gif: 'a GIF', avif: 'an AVIF', heic: 'a HEIC', svg: 'an SVG', mp4: 'an MP4', webm: 'a WebM' }

/** The files of one imported picture or video, named `name`, relative to public/. */
const layout = {
  image: (name: string) => [`media/img/${name}.webp`, ...pictureWidths.copies.map((w) => `media/img/${name}-${w}w.webp`), `media/img/${name}-share.jpg`],
  video: (name: string) => [`media/video/${name}.webm`, `media/video/${name}.mp4`, `media/video/${name}-poster.webp`, `media/video/${name}-poster-share.jpg`],
}

/**
 * Bring a picture or a short video from an author's computer into
 * `publicDir`, named from the author's `words`: checked by its bytes (never
 * its name), re-encoded to the site's formats and sizes with no metadata
 * left, and written whole or not at all, never over an existing file.
 * A refusal is one sentence for the author, and then nothing was written.
 */
export async function importMedia(publicDir: string, bytes: Uint8Array, options: { words: string }): Promise<ImportResult> {
  // Checked first, so a video is not encoded for a minute before the answer.
  if (!statSync(publicDir, { throwIfNoEntry: false })?.isDirectory()) return refuse(refusals.NoPublicFolder())
  const kind = sniffUpload(bytes)
  if (!kind) return refuse(refusals.NotMedia())
  const video = kind === 'mp4' || kind === 'webm'
  if (bytes.length > (video ? uploadLimits.videoBytes : uploadLimits.pictureBytes)) return refuse(refusals.TooLarge(bytes.length, video))
  if (kind === 'svg') {
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      return refuse(refusals.Unreadable(label.svg))
    }
    const active = activeSvgParts(text)[0]
    if (active) return refuse(refusals.ActiveSvg(active.what))
  }

  if (video) {
    const made = await encodeVideo(bytes)
    if (!made.ok) {
      if (made.why === 'no-ffmpeg') return refuse(refusals.NoFfmpeg())
      if (made.why === 'too-long') return refuse(refusals.TooLong(made.seconds!))
      if (made.why === 'too-busy') return refuse(refusals.TooBusy())
      return refuse(refusals.Unreadable(label[kind]))
    }
    // The still's link-preview copy: a page whose first picture is this video's still is shared with it.
    const written = save(publicDir, slugFromWords(options.words, 'video'), layout.video, [made.webm, made.mp4, made.poster, await encodeShareCopy(made.poster)])
    if (!written.ok) return written
    const [webm, mp4, poster] = written.files.map((file) => `/${file}`)
    return { ok: true, kind: 'video', src: webm!, mp4: mp4!, poster: poster!, files: written.files, width: made.width, height: made.height }
  }

  let picture: Awaited<ReturnType<typeof encodePicture>>
  try {
    picture = await encodePicture(bytes, { svg: kind === 'svg' })
  } catch (error) {
    if (/pixel limit/i.test(String(error))) return refuse(refusals.TooManyPixels())
    // sharp's own libvips reads HEIF's AVIF pictures only, not a phone's HEVC ones (a libvips built with libde265 would).
    return refuse(kind === 'heic' ? refusals.Heic() : refusals.Unreadable(label[kind]))
  }
  // Only the copies narrower than the picture are made; the free name is checked against every copy's name all the same.
  const contents = [picture.full, ...pictureWidths.copies.map((w) => picture.copies.find((c) => c.width === w)?.bytes), picture.share]
  const written = save(publicDir, slugFromWords(options.words, 'picture'), layout.image, contents)
  if (!written.ok) return written
  return { ok: true, kind: 'image', src: `/${written.files[0]}`, files: written.files, width: picture.width, height: picture.height }
}

const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason })

/**
 * Write `contents[i]` to `layout(name)[i]` (skipping undefined) for the first
 * free name from `slug`, each file exclusively and atomically; when one write
 * fails, the files already written are removed. A name taken meanwhile by
 * another import moves on to the next name.
 */
function save(publicDir: string, slug: string, layout: (name: string) => string[], contents: (Uint8Array | undefined)[]): { ok: true; files: string[] } | { ok: false; reason: string } {
  for (let attempt = 0; attempt < 5; attempt++) {
    const name = freeName(publicDir, slug, layout)
    const files = layout(name).flatMap((file, i) => (contents[i] ? [{ file, bytes: contents[i] }] : []))
    const written: string[] = []
    try {
      for (const { file, bytes } of files) {
        const path = join(publicDir, file)
        // A media folder that is a link out of public/ would put the file where publishing never looks.
        if (!insidePublic(publicDir, dirname(path))) throw Object.assign(new Error(`${dirname(file)} leads out of public/`), { code: 'a link out of public/' })
        mkdirSync(dirname(path), { recursive: true })
        writeFileAtomic(path, bytes, { exclusive: true })
        written.push(path)
      }
      return { ok: true, files: files.map(({ file }) => file) }
    } catch (error) {
      for (const path of written) unlinkSync(path)
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EEXIST') return refuse(refusals.NotSaved(code ?? (error as Error).message))
    }
  }
  return refuse(refusals.NotSaved('every name tried was taken meanwhile'))
}

/** Whether `folder` (or, while it does not exist, its nearest existing parent) really is inside `publicDir`. */
function insidePublic(publicDir: string, folder: string): boolean {
  let existing = folder
  while (!lstatSync(existing, { throwIfNoEntry: false }) && dirname(existing) !== existing) existing = dirname(existing)
  const root = realpathSync(publicDir)
  const real = realpathSync(existing)
  return real === root || real.startsWith(root + sep)
}
