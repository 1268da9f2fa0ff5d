/**
 * The block catalogue's data: written by compiler/codegen/catalogue.ts from
 * schema/, read by the catalogue page (app/catalogue-page.tsx) in the browser.
 */
export interface CatalogueField {
  name: string
  required: boolean
  kind: string
  description: string
  /** How long a text or a list may be, in words: "2 to 8 items", "up to 70 characters". */
  limits?: string
  /** The values a field that takes one of a fixed set may have. */
  allowed?: string[]
  /**
   * The fields inside a group ("image": src, alt...) or inside each item of a
   * list ("cards": title, description...), "$ref"s followed.
   */
  fields?: CatalogueField[]
}

export interface CatalogueEntry {
  type: string
  description: string
  examples: { block: Record<string, unknown>; yaml: string }[]
  fields: CatalogueField[]
  /** How the count of a grid block's items lays out: which counts fill every row (shared/grid.ts). */
  layout?: string
}

/** A picture or video under public/ that a page can use, for the catalogue's media section. */
export interface MediaEntry {
  /** The path a page writes: "/media/img/b2b-smes.webp". */
  path: string
  kind: 'picture' | 'video'
  bytes: number
  /** Pixels, read from the file; absent when its header could not be read. */
  width?: number
  height?: number
  /** A video's still image ("<name>-poster.webp" beside it), when there is one. */
  poster?: string
  /** A video's other format beside it (the mp4 of a webm), which a page names too. */
  pair?: string
}
