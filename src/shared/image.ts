import type { Image, Video } from '../generated/schema-types'

/**
 * An image as the build hands it to the page: as the author wrote it, with
 * the intrinsic width and height read from the file, a srcset of the
 * smaller copies beside it, and its phone crop where one was made
 * (compiler/site/public-media.ts, addImageSizes). components/picture.tsx and
 * components/backdrop.tsx render exactly this.
 */
export type BuiltImage = Image & { width?: number; height?: number; srcset?: string; portrait?: string }

/**
 * The fields the build adds to an image or a video, which no author wrote:
 * the rules that compare an author's words (compiler/schema/page-rules.ts)
 * never read them (an author may write a width and height too: they are numbers, never words).
 */
export const builtMediaFields = ['width', 'height', 'srcset', 'portrait'] as const satisfies readonly (keyof BuiltImage | keyof BuiltVideo)[]

/** A video as the build hands it to the page: with its phone crop where one was made (addImageSizes). */
export type BuiltVideo = Video & { portrait?: Video }
