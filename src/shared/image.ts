import type { Image } from '../generated/schema-types'

/**
 * An image as the build hands it to the page: as the author wrote it, with
 * the intrinsic width and height read from the file and a srcset of the
 * smaller copies beside it (compiler/site/load-site.ts, addImageSizes).
 * components/picture.tsx renders exactly this.
 */
export type BuiltImage = Image & { width?: number; height?: number; srcset?: string }
