/* Generated from schema/ by `npm run gen`. Do not edit: change the schemas instead. */
/**
 * Where the link goes: a page of this site starting with "/" (it must exist under pages/), a https:// address, a mailto: or tel: link, or "#" for a placeholder that goes nowhere.
 */
export type Href = string
/**
 * Optional name for linking straight to this block, as /page#name. Lower-case letters, digits and dashes.
 */
export type Anchor = string
/**
 * Plain text. Leave an empty line between paragraphs (write "text: |" and indent the lines below it).
 */
export type Paragraphs = string
/**
 * A bulleted list; each item on its own line starting with "- ".
 *
 * @minItems 1
 * @maxItems 12
 */
export type Bullets = string[]

/**
 * One page of the site. The file's path under pages/ is its address: pages/b2b/retail.yaml is /b2b/retail.
 */
export interface Page {
  /**
   * The page's title, shown in the browser tab and in search results.
   */
  title: string
  /**
   * One or two sentences that search engines show under the title.
   */
  description: string
  blocks: Block[]
}
/**
 * Settings shared by every page: the company name, the header menus and the footer. Lives in pages/_site.yaml.
 */
export interface Site {
  /**
   * The company name, shown in the header and used in page titles.
   */
  brand: string
  /**
   * The bar at the top of every page.
   */
  header: {
    /**
     * Drop-down menus, in order. On phones each becomes a group in the menu panel.
     *
     * @minItems 1
     * @maxItems 4
     */
    menus: Menu[]
    /**
     * Plain links after the menus.
     *
     * @maxItems 4
     */
    links: Link[]
  }
  /**
   * The block at the bottom of every page.
   */
  footer: {
    /**
     * Columns of links, each with a heading.
     *
     * @minItems 1
     * @maxItems 5
     */
    columns: Menu[]
    /**
     * Office locations, listed in their own column.
     */
    locations?: string[]
    /**
     * A sentence about the company under its name.
     */
    note: string
  }
}
/**
 * A heading with a list of links.
 */
export interface Menu {
  /**
   * The menu's name.
   */
  label: string
  /**
   * @minItems 1
   * @maxItems 12
   */
  links: Link[]
}
/**
 * A labelled link.
 */
export interface Link {
  /**
   * The words a visitor clicks.
   */
  label: string
  href: Href
}
/**
 * The large banner at the top of a page: a headline over a picture or a silent looping video.
 */
export interface HeroBlock {
  /**
   * Always "hero".
   */
  type: 'hero'
  /**
   * The headline.
   */
  title: string
  /**
   * A word or phrase of the title to show in the green accent colour. Copy it exactly from the title.
   */
  highlight?: string
  /**
   * A sentence or two under the headline.
   */
  text?: string
  backLink?: Link
  action?: Link
  image?: Image
  video?: Video
  /**
   * "tall" fills most of the screen; "short" suits legal and plain pages. Tall when left out.
   */
  size?: 'tall' | 'short'
}
/**
 * A picture from public/. Its width and height are read from the file by the build, so the page never jumps while it loads.
 */
export interface Image {
  /**
   * Path of the file under public/, starting with "/".
   */
  src: string
  /**
   * What the picture shows, for people who cannot see it. Leave it as "" only if the picture is pure decoration.
   */
  alt: string
  /**
   * Filled in by the build from the file; set it only to override.
   */
  width?: number
  /**
   * Filled in by the build from the file; set it only to override.
   */
  height?: number
}
/**
 * A short silent looping video. It always plays muted, inline and in a loop, and is replaced by its still image when the visitor prefers reduced motion.
 */
export interface Video {
  /**
   * The WebM version, under public/.
   */
  webm: string
  /**
   * The MP4 version, under public/, for browsers without WebM.
   */
  mp4: string
}
/**
 * A centred title with a short introduction under it.
 */
export interface IntroBlock {
  /**
   * Always "intro".
   */
  type: 'intro'
  id?: Anchor
  /**
   * A small label above the title.
   */
  eyebrow?: string
  /**
   * The title.
   */
  title: string
  text?: Paragraphs
}
/**
 * A picture beside a heading, text and a bulleted list. Consecutive ones alternate sides automatically.
 */
export interface MediaTextBlock {
  /**
   * Always "media-text".
   */
  type: 'media-text'
  id?: Anchor
  /**
   * The section's heading.
   */
  heading: string
  text?: Paragraphs
  bullets?: Bullets
  image: Image
}
/**
 * A small table of facts with a heading, for definitions and comparisons.
 */
export interface TableBlock {
  /**
   * Always "table".
   */
  type: 'table'
  id?: Anchor
  /**
   * The table's heading.
   */
  heading: string
  text?: Paragraphs
  /**
   * The column headings, left to right.
   *
   * @minItems 2
   * @maxItems 6
   */
  columns: string[]
  /**
   * One line per row, written as a list in square brackets with one entry per column.
   *
   * @minItems 1
   * @maxItems 30
   */
  rows: string[][]
  /**
   * A small note under the table.
   */
  note?: string
}

export type Block = HeroBlock | IntroBlock | MediaTextBlock | TableBlock
export type BlockType = Block['type']
export const blockTypes = ['hero', 'intro', 'media-text', 'table'] as const satisfies readonly BlockType[]
