import { mediaBudget } from '../../../compiler/site/media-files.ts'
import { maxInputPixels } from './encode-picture.ts'
import { videoFrame } from './encode-video.ts'

/**
 * What an author may bring in. A picture is re-encoded to the site's sizes,
 * so it may be much larger than what is published: 25 MB takes any phone's
 * photo (a 48-megapixel JPEG is 10-20 MB) and stops what would take the
 * studio long to decode. A video may be as large as the check lets a
 * published one be (mediaLimits.videoBytes); it is re-encoded to the
 * budget anyway.
 */
export const uploadLimits = { pictureBytes: 25 * 1024 * 1024, videoBytes: 20 * 1024 * 1024 } as const

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/** Every sentence an import can refuse with: what happened and what to do, for an author. */
export const refusals = {
  NotMedia: () => 'This file is not a picture or a video the site can show (JPEG, PNG, WebP, GIF, AVIF, SVG, MP4 or WebM), whatever its name says.',
  Heic: () => 'This is a HEIC photo, which the studio cannot read here: export it as JPEG (or on the iPhone set Camera > Formats to Most Compatible) and add it again.',
  TooLarge: (bytes: number, video: boolean) =>
    video
      ? `This video is ${mb(bytes)}, and videos up to ${mb(uploadLimits.videoBytes)} can be added: trim it and try again.`
      : `This picture is ${mb(bytes)}, and pictures up to ${mb(uploadLimits.pictureBytes)} can be added: export a smaller copy and try again.`,
  TooManyPixels: () => `This picture has more than ${maxInputPixels / 1_000_000} million pixels: export a smaller copy and try again.`,
  ActiveSvg: (what: string) => `This SVG holds ${what}, which could run code on the site, so it was not added: export it again without it, or as PNG.`,
  Unreadable: (kind: string) => `This file starts like ${kind} but cannot be read: it may be damaged or cut short.`,
  NoFfmpeg: () => 'Videos cannot be added on this computer: making the second format and the still the site needs takes ffmpeg, which is not installed.',
  TooLong: (seconds: number) => `This video is ${Math.round(seconds)} seconds long, and the site takes loops of up to ${videoFrame.maxSeconds} seconds: trim it and try again.`,
  TooBusy: () => `This video does not fit in the ${mediaBudget.video / 1024} KB the site allows a video, even at the lowest quality: try a shorter or calmer clip.`,
  NoPublicFolder: () => 'This project has no public folder to keep pictures and videos in, so nothing was added.',
  NotSaved: (code: string) => `The file could not be saved (${code}), so nothing was added.`,
} as const
