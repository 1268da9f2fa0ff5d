import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { imageSize } from 'image-size'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { locatePath, type PathSegment } from '../yaml/locate.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'

/** What a file under public/ really holds, read from its first bytes, not from its name. */
export type MediaKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'svg' | 'webm' | 'mp4'

/** The kinds each use of a file accepts, by the extension its name must have. */
export const pictureExtensions: Record<string, MediaKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp', avif: 'avif', svg: 'svg' }

/** Limits on what one page may make a visitor download. */
export const mediaLimits = { pictureBytes: 5 * 1024 * 1024, videoBytes: 20 * 1024 * 1024, pictureSide: 8000 } as const

/**
 * What each file under public/media/ has been kept under, so pages stay fast
 * (tests/unit/compiler/site/media-files.test.ts holds every file to it; the studio's import
 * encodes to it). mediaLimits above is the check's last guard.
 */
export const mediaBudget = { picture: 100 * 1024, video: 300 * 1024 } as const

export type MediaFault =
  | { kind: 'wrong-type'; extension: string; found: MediaKind | undefined; use: 'picture' | 'video' }
  | { kind: 'too-large'; bytes: number; limit: number; use: 'picture' | 'video' }
  | { kind: 'too-many-pixels'; width: number; height: number; limit: number }

/** The kind of file `head` (its first bytes) starts like, if any this site uses. */
export function sniff(head: Uint8Array): MediaKind | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to))
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png'
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (ascii(0, 4) === 'GIF8') return 'gif'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm'
  if (ascii(4, 8) === 'ftyp') return /^avi[fs]$/.test(ascii(8, 12)) ? 'avif' : 'mp4'
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart()
  if (/^<(\?xml|svg|!--|!DOCTYPE svg)/i.test(text)) return 'svg'
  return undefined
}

/**
 * Whether the public file `path` (its URL path `src`) can be used as a
 * picture or a video: its extension must be one of `allowed`, its content
 * the kind that extension says, and its size within the limits. Undefined
 * when it can.
 */
export function mediaFault(src: string, path: string, use: 'picture' | 'video', allowed: Readonly<Record<string, MediaKind>>): MediaFault | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(src)?.[1]?.toLowerCase() ?? ''
  const expected = allowed[extension]
  const head = readHead(path)
  const found = sniff(head)
  if (!expected || found !== expected) return { kind: 'wrong-type', extension, found, use }
  const bytes = statSync(path).size
  const limit = use === 'picture' ? mediaLimits.pictureBytes : mediaLimits.videoBytes
  if (bytes > limit) return { kind: 'too-large', bytes, limit, use }
  if (use === 'picture' && found !== 'svg') {
    const size = dimensionsOf(path)
    if (size && Math.max(size.width, size.height) > mediaLimits.pictureSide) return { kind: 'too-many-pixels', ...size, limit: mediaLimits.pictureSide }
  }
  return undefined
}

const faults = new WeakMap<ReadonlyMap<string, string>, Map<string, MediaFault | undefined>>()

/** Each file is read once per listing of public/ (one per check or build), however many blocks use it. */
function faultOnce(media: ReadonlyMap<string, string>, key: string, find: () => MediaFault | undefined): MediaFault | undefined {
  let known = faults.get(media)
  if (!known) faults.set(media, (known = new Map()))
  if (!known.has(key)) known.set(key, find())
  return known.get(key)
}

function readHead(path: string): Uint8Array {
  const head = new Uint8Array(64)
  const fd = openSync(path, 'r')
  try {
    return head.subarray(0, readSync(fd, head, 0, head.length, 0))
  } finally {
    closeSync(fd)
  }
}

/** Width and height from the file's header (image-size reads only what it needs from the bytes given). */
function dimensionsOf(path: string): { width: number; height: number } | undefined {
  const head = new Uint8Array(64 * 1024)
  const fd = openSync(path, 'r')
  try {
    const read = readSync(fd, head, 0, head.length, 0)
    const { width, height } = imageSize(head.subarray(0, read))
    return width && height ? { width, height } : undefined
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

/**
 * Located problems for every picture and video `value` uses (at `path` in
 * `parsed`) whose file is of the wrong kind or too large. Pictures are the
 * objects with "src" and "alt" (the shared image definition), videos those
 * with "webm" and "mp4". A file missing from `media` is the schema's to
 * report.
 */
export function mediaProblems(parsed: ParsedYaml, value: unknown, path: PathSegment[], media: ReadonlyMap<string, string>): Problem[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => mediaProblems(parsed, item, [...path, i], media))
  if (!value || typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  const uses: [field: string, use: 'picture' | 'video'][] =
    typeof record.src === 'string' && typeof record.alt === 'string' ? [['src', 'picture']] : typeof record.webm === 'string' && typeof record.mp4 === 'string' ? [['webm', 'video'], ['mp4', 'video']] : []
  const problems: Problem[] = []
  for (const [field, use] of uses) {
    const src = record[field] as string
    const file = media.get(src)
    // A video field takes the format it is named after.
    const allowed = use === 'picture' ? pictureExtensions : { [field]: field as MediaKind }
    const fault = file && faultOnce(media, `${field} ${src}`, () => mediaFault(src, file, use, allowed))
    if (!fault) continue
    const at = locatePath(parsed, [...path, field])
    if (fault.kind === 'wrong-type') {
      const expected = Object.keys(allowed)
      problems.push(problem('MediaWrongType', { src, extension: fault.extension, use, expected, ...(fault.found ? { found: fault.found } : {}) }, at))
    } else if (fault.kind === 'too-large') problems.push(problem('MediaTooLarge', { src, bytes: fault.bytes, limit: fault.limit, use }, at))
    else problems.push(problem('MediaTooManyPixels', { src, width: fault.width, height: fault.height, limit: fault.limit }, at))
  }
  for (const [key, child] of Object.entries(record)) problems.push(...mediaProblems(parsed, child, [...path, key], media))
  return problems
}
