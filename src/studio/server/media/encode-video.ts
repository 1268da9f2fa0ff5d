import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { mediaBudget } from '../../../compiler/site/media-files.ts'
import { videoSize } from '../../../compiler/site/video-size.ts'
import { bestUnder } from './best-under.ts'
import { encodePoster } from './encode-picture.ts'

const run = promisify(execFile)

/**
 * Videos as the site keeps them (scripts/media/render.mjs): silent loops of
 * a few seconds at 960 x 540 and 24 frames a second, each format under the
 * video budget, stepping the quality down until it fits. A page's video
 * needs both WebM and MP4 (schema/defs.schema.json) and a still for
 * visitors who prefer reduced motion, so one upload is re-encoded into both
 * and its first frame becomes the poster. Re-encoding also drops every
 * stream but the picture: sound, subtitles, and the metadata where a phone
 * writes where the video was taken.
 */
export const videoFrame = { width: 960, height: 540, fps: 24, maxSeconds: 10 } as const

/** render.mjs aims a little under the budget; so does the import. */
const target = mediaBudget.video - 10 * 1024
const webmQualities = [36, 40, 44, 48, 52, 56, 60]
const mp4Qualities = [26, 28, 30, 32, 34, 36, 38]
/** An encode that takes longer than this is stopped (the studio waits for it). */
const timeoutMs = 120_000

export type VideoOutcome =
  | { ok: true; width: number; height: number; webm: Uint8Array; mp4: Uint8Array; poster: Uint8Array }
  | { ok: false; why: 'no-ffmpeg' | 'unreadable' | 'too-long' | 'too-busy'; seconds?: number }

let ffmpegFound: Promise<boolean> | undefined

/** Whether ffmpeg and ffprobe run here (asked once). */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegFound ??= Promise.all([run('ffmpeg', ['-version']), run('ffprobe', ['-version'])]).then(
    () => true,
    () => false,
  )
  return ffmpegFound
}

export async function encodeVideo(bytes: Uint8Array): Promise<VideoOutcome> {
  if (!(await hasFfmpeg())) return { ok: false, why: 'no-ffmpeg' }
  const dir = await mkdtemp(join(tmpdir(), 'studio-video-'))
  try {
    const input = join(dir, 'input')
    await writeFile(input, bytes)
    const seconds = await durationOf(input)
    if (seconds === undefined) return { ok: false, why: 'unreadable' }
    if (seconds > videoFrame.maxSeconds) return { ok: false, why: 'too-long', seconds }
    const { width, height, fps } = videoFrame
    const scale = `scale=w='min(${width},iw)':h='min(${height},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,fps=${fps}`
    const picture = ['-i', input, '-map', '0:v:0', '-an', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1', '-vf', scale]
    const webm = await bestCrfUnderTarget(join(dir, 'out.webm'), webmQualities, (crf) => [...picture, '-pix_fmt', 'yuv420p', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', crf, '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1'])
    const mp4 = webm && (await bestCrfUnderTarget(join(dir, 'out.mp4'), mp4Qualities, (crf) => [...picture, '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'medium', '-crf', crf, '-profile:v', 'high', '-movflags', '+faststart']))
    if (!webm || !mp4) return { ok: false, why: 'too-busy' }
    const frame = join(dir, 'frame.png')
    await ffmpeg([...picture, '-frames:v', '1', frame])
    const size = videoSize(mp4) ?? { width, height }
    return { ok: true, ...size, webm, mp4, poster: await encodePoster(await readFile(frame)) }
  } catch {
    return { ok: false, why: 'unreadable' }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { timeout: timeoutMs, maxBuffer: 1024 * 1024 })
}

/** The best crf whose file is under the target, or undefined. */
async function bestCrfUnderTarget(out: string, qualities: number[], args: (crf: string) => string[]): Promise<Uint8Array | undefined> {
  const { bytes, fits } = await bestUnder(qualities, target, async (crf) => {
    await ffmpeg([...args(String(crf)), out])
    return readFile(out)
  })
  return fits ? bytes : undefined
}

/** The length in seconds of the first video stream (or the file), undefined when there is no video in it. */
async function durationOf(file: string): Promise<number | undefined> {
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_type,duration:format=duration', '-of', 'json', file], { timeout: timeoutMs })
    const probe = JSON.parse(stdout) as { streams?: { codec_type?: string; duration?: string }[]; format?: { duration?: string } }
    const stream = probe.streams?.find((s) => s.codec_type === 'video')
    if (!stream) return undefined
    const seconds = Number(stream.duration ?? probe.format?.duration)
    return Number.isFinite(seconds) ? seconds : undefined
  } catch {
    return undefined
  }
}
