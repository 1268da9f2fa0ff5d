/* Generated from schema/ (schema hash 8765dbfc50136196) by `npm run gen`. Do not edit: change the schemas instead. */
/**
 * Where the link goes: the address of a page of this site, starting with "/", a https:// address, a mailto: or tel: link, or "#" for a placeholder that goes nowhere.
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
export type Cell = string
/**
 * One cell per column, in the order of the column headings.
 *
 * @minItems 2
 * @maxItems 6
 */
export type Row = Cell[]

/**
 * One page of the site. The file's path under pages/ is its address: pages/b2b/retail.yaml is /b2b/retail.
 */
export interface Page {
  /**
   * Shown in the browser tab and in search results, not on the page itself (its heading is in the first block). The site's name is added after it automatically, so leave it out.
   */
  title: string
  /**
   * One or two sentences that search engines show under the title.
   */
  description: string
  blocks: Block[]
  /**
   * Write true to keep this page out of search engines and out of the sitemap (a showcase, a page for one campaign). Leave it out for an ordinary page.
   */
  noindex?: boolean
}
/**
 * Settings shared by every page: the company name, the header menus and the footer.
 */
export interface Site {
  /**
   * The company name, shown in the header and used in page titles.
   */
  brand: string
  /**
   * The site's public address, without a trailing slash (a port, if any, from 1 to 65535). Used for canonical links, social previews and the sitemap.
   */
  url: string
  /**
   * The email address visitors can write to.
   */
  contact?: string
  /**
   * The bar at the top of every page.
   */
  header: {
    /**
     * Drop-down menus on wide screens, in order. On phones the same menus are the phone menu's groups, so a link in one shows on both.
     *
     * @minItems 1
     * @maxItems 4
     */
    menus: Menu[]
    /**
     * On wide screens only: plain links after the drop-down menus. The phone menu's extra groups hold them on phones.
     *
     * @maxItems 4
     */
    links: Link[]
    /**
     * What the phone menu shows besides the drop-down menus, which it shows as groups.
     */
    mobile: {
      /**
       * On phones only: extra groups after the menus, such as About-us and Insights.
       *
       * @maxItems 4
       */
      groups: Menu[]
      list: Menu
    }
  }
  /**
   * The block at the bottom of every page.
   */
  footer: {
    /**
     * Columns of links at the bottom of every page, each with a heading.
     *
     * @minItems 1
     * @maxItems 5
     */
    columns: Menu[]
    /**
     * Office locations, listed in their own column.
     *
     * @maxItems 12
     */
    locations?: string[]
    /**
     * A sentence about the company under its name.
     */
    note: string
    /**
     * The email sign-up in the footer: a form that sends the visitor's address (never in a web address) to the site's own sign-up service, or to the newsletter service named by endpoint.
     */
    newsletter: {
      /**
       * The heading above the field.
       */
      label: string
      /**
       * Grey text inside the empty field.
       */
      placeholder: string
      /**
       * The button's label.
       */
      button: string
      /**
       * The https:// address your newsletter service gives for an HTML form. The form sends the visitor's address there in the request body, as the field "email". Leave it out to keep the addresses in the site's own sign-up service, whose list `npm run signups` prints.
       */
      endpoint?: string
      /**
       * Shown when the service has the address (with JavaScript; without it, the service's own page answers).
       */
      sent?: string
      /**
       * Shown when sending failed, before the reason.
       */
      failed?: string
    }
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
 * A row of cards, one per sub-audience, of which exactly one is open at a time (the first, to begin with). Closed cards show the first word of their title; the open card shows its description and a Read More link to the sub-audience's page.
 */
export interface AudienceAccordionBlock {
  /**
   * Always "audience-accordion".
   */
  type: 'audience-accordion'
  id?: Anchor
  /**
   * An optional heading above the cards.
   */
  heading?: string
  /**
   * The cards, in order. The first one starts open.
   *
   * @minItems 2
   * @maxItems 8
   */
  cards: {
    /**
     * The sub-audience's name. Its first word is what a closed card shows.
     */
    title: string
    /**
     * Who is in this sub-audience, shown on the open card.
     */
    description: string
    /**
     * A small symbol shown on the card.
     */
    icon?:
      | 'people'
      | 'briefcase'
      | 'chart'
      | 'building'
      | 'leaf'
      | 'car'
      | 'chip'
      | 'cart'
      | 'tools'
      | 'heart'
      | 'flask'
      | 'pill'
      | 'megaphone'
      | 'newspaper'
      | 'film'
      | 'globe'
      | 'star'
      | 'shield'
    image: Image
    href: Href
  }[]
}
/**
 * A picture from the site's pictures. Its width and height are read from the file, so the page never jumps while it loads.
 */
export interface Image {
  /**
   * The picture's address on the site, starting with "/".
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
 * Audience cards that stack on top of each other while scrolling, each shrinking a little as the next one covers it.
 */
export interface AudienceStackBlock {
  /**
   * Always "audience-stack".
   */
  type: 'audience-stack'
  id?: Anchor
  /**
   * The section heading.
   */
  heading: string
  /**
   * One card per audience.
   *
   * @minItems 2
   * @maxItems 8
   */
  cards: {
    /**
     * The audience's name.
     */
    title: string
    /**
     * Who is in this audience.
     */
    description: string
    image: Image
    href: Href
    /**
     * The card's background colour.
     */
    colour: 'ink' | 'teal' | 'green' | 'blue' | 'sand' | 'mint'
  }[]
}
/**
 * A bold band with a line that types each phrase in turn, and a button.
 */
export interface CalloutBlock {
  /**
   * Always "callout".
   */
  type: 'callout'
  /**
   * The fixed words before the typed phrase.
   */
  prefix: string
  /**
   * The phrases typed one after another, in a loop.
   *
   * @minItems 1
   * @maxItems 8
   */
  phrases: string[]
  /**
   * A sentence under the typed line.
   */
  text?: string
  action: Link
}
/**
 * A band of key figures, each a large number with a label under it, and optionally a labelled row of short tags (for example the file formats data is delivered in).
 */
export interface FactsBlock {
  /**
   * Always "facts".
   */
  type: 'facts'
  id?: Anchor
  /**
   * The section's heading.
   */
  heading: string
  text?: Paragraphs
  /**
   * The figures, in reading order.
   *
   * @minItems 2
   * @maxItems 8
   */
  facts: {
    /**
     * The figure, written as it should appear, with its unit or sign.
     */
    value: string
    /**
     * What the figure counts.
     */
    label: string
  }[]
  /**
   * A labelled row of short tags under the figures.
   */
  tags?: {
    /**
     * What the tags are.
     */
    label: string
    /**
     * The tags, each a word or two.
     *
     * @minItems 1
     * @maxItems 12
     */
    items: string[]
  }
  /**
   * Set to true to let the heading zoom in 100 ms after it comes into view instead of at once.
   */
  delayedHeading?: boolean
}
/**
 * Frequently asked questions: each question opens to show its answer. Works by keyboard and without JavaScript (each pair is a native disclosure).
 */
export interface FaqBlock {
  /**
   * Always "faq".
   */
  type: 'faq'
  id?: Anchor
  /**
   * A small label above the heading.
   */
  eyebrow?: string
  /**
   * The section's heading.
   */
  heading?: string
  text?: Paragraphs
  /**
   * "many" (the default): any number of answers can be open at once. "one": opening a question closes the one open before, like an accordion.
   */
  open?: 'one' | 'many'
  /**
   * The questions, in order. All start closed.
   *
   * @minItems 1
   * @maxItems 20
   */
  items: {
    /**
     * The question, as a visitor would ask it.
     */
    question: string
    answer: Paragraphs
  }[]
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
 * A short silent looping video. It always plays muted, inline and in a loop, and is replaced by its still image when the visitor prefers reduced motion.
 */
export interface Video {
  /**
   * The video in WebM.
   */
  webm: string
  /**
   * The video in MP4, for browsers without WebM.
   */
  mp4: string
}
/**
 * Three pictures side by side, the first larger than the other two on wide screens, with an optional heading, text and a caption under each picture.
 */
export interface ImageTrioBlock {
  /**
   * Always "image-trio".
   */
  type: 'image-trio'
  id?: Anchor
  /**
   * An optional heading above the pictures.
   */
  heading?: string
  text?: Paragraphs
  /**
   * Exactly three pictures; the first is shown largest.
   *
   * @minItems 3
   * @maxItems 3
   */
  images: {
    image: Image
    /**
     * An optional line under the picture.
     */
    caption?: string
  }[]
  /**
   * Set to true to let the heading zoom in 100 ms after it comes into view instead of at once.
   */
  delayedHeading?: boolean
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
 * The home page's opening: a large headline, a subheading, a typing line, and a Connect card that appears once the visitor has lingered on the heading at the bottom of the hero.
 */
export interface LandingHeroBlock {
  /**
   * Always "landing-hero".
   */
  type: 'landing-hero'
  /**
   * The headline.
   */
  title: string
  /**
   * A part of the title shown in the accent colour. Copy it exactly from the title.
   */
  highlight?: string
  /**
   * The subheading under the headline.
   */
  text: string
  /**
   * A line that types itself: the fixed start, then each phrase in turn.
   */
  typing: {
    /**
     * The words before the typed phrase.
     */
    prefix: string
    /**
     * The phrases typed one after another, in a loop.
     *
     * @minItems 1
     * @maxItems 8
     */
    phrases: string[]
  }
  image?: Image
  video?: Video
  /**
   * The heading at the bottom of the hero, and the Connect card that appears after it has been at least half visible for 1.5 seconds.
   */
  connect: {
    /**
     * The heading at the bottom of the hero.
     */
    heading: string
    /**
     * The card's title.
     */
    label: string
    /**
     * A sentence on the card.
     */
    text: string
  }
}
/**
 * A row of client names set as simple wordmarks (type only, never real logos).
 */
export interface LogoStripBlock {
  /**
   * Always "logo-strip".
   */
  type: 'logo-strip'
  /**
   * The heading above the names.
   */
  heading: string
  /**
   * The wordmarks, each a name and a lettering style.
   *
   * @minItems 3
   * @maxItems 12
   */
  names: {
    /**
     * The name as it should read.
     */
    name: string
    /**
     * The lettering style of the wordmark.
     */
    style: 'serif' | 'mono' | 'rounded' | 'condensed' | 'spaced'
  }[]
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
 * A stack of cards, one per research method, that flip away one after another as the visitor scrolls. Shown as a plain list when the visitor prefers reduced motion.
 */
export interface MethodStackBlock {
  /**
   * Always "method-stack".
   */
  type: 'method-stack'
  id?: Anchor
  /**
   * The section heading.
   */
  heading: string
  /**
   * A sentence under the heading.
   */
  text?: string
  /**
   * The method cards, top card first.
   *
   * @minItems 2
   * @maxItems 6
   */
  cards: {
    /**
     * The method's name.
     */
    title: string
    /**
     * What the method is good for.
     */
    text: string
    image: Image
    href: Href
  }[]
  action?: Link
}
/**
 * A numbered sequence of steps, such as how a project runs from brief to delivery. Each step has a short title and a sentence or two.
 */
export interface StepsBlock {
  /**
   * Always "steps".
   */
  type: 'steps'
  id?: Anchor
  /**
   * A small label above the heading.
   */
  eyebrow?: string
  /**
   * The section's heading.
   */
  heading: string
  text?: Paragraphs
  /**
   * The steps, in order; they are numbered automatically.
   *
   * @minItems 2
   * @maxItems 8
   */
  steps: {
    /**
     * What happens in this step, in a few words.
     */
    title: string
    /**
     * A sentence or two on the step.
     */
    text: string
  }[]
  /**
   * Set to true to let the heading zoom in 100 ms after it comes into view instead of at once.
   */
  delayedHeading?: boolean
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
   * The rows, top to bottom.
   *
   * @minItems 1
   * @maxItems 30
   */
  rows: Row[]
  /**
   * A small note under the table.
   */
  note?: string
}
/**
 * Cards with what clients say about working with us.
 */
export interface TestimonialsBlock {
  /**
   * Always "testimonials".
   */
  type: 'testimonials'
  /**
   * The section heading.
   */
  heading: string
  /**
   * One card per client.
   *
   * @minItems 1
   * @maxItems 6
   */
  items: {
    /**
     * A short headline quote.
     */
    quote: string
    /**
     * The testimonial itself.
     */
    text: string
    image: Image
    /**
     * Who said it.
     */
    name: string
    /**
     * Their role.
     */
    title: string
  }[]
}
/**
 * A section of running text: a heading that zooms in as it scrolls into view, paragraphs, and optionally a bulleted list and a link. On wide screens the heading sits to the left of the text.
 */
export interface TextSectionBlock {
  /**
   * Always "text-section".
   */
  type: 'text-section'
  id?: Anchor
  /**
   * A small label above the heading.
   */
  eyebrow?: string
  /**
   * The section's heading.
   */
  heading: string
  text: Paragraphs
  bullets?: Bullets
  action?: Link
  /**
   * Set to true to let the heading zoom in 100 ms after it comes into view instead of at once, as on the telephone and mixed-methods pages.
   */
  delayedHeading?: boolean
  /**
   * The section's background: "plain" (the page colour), "sand" (a warm tint) or "dark" (ink, with light text). Plain when left out.
   */
  tone?: 'plain' | 'sand' | 'dark'
}
/**
 * Pictures stacked in a frame that stays on screen while the visitor scrolls: each one zooms and fades in over the one before, in order. Visitors who prefer reduced motion (and browsers without JavaScript) see the same pictures as a still grid.
 */
export interface ZoomGalleryBlock {
  /**
   * Always "zoom-gallery".
   */
  type: 'zoom-gallery'
  id?: Anchor
  /**
   * An optional heading above the pictures.
   */
  heading?: string
  text?: Paragraphs
  /**
   * The pictures in the order they appear; the first is on screen from the start.
   *
   * @minItems 2
   * @maxItems 10
   */
  images: {
    image: Image
    /**
     * An optional short line shown on the picture.
     */
    caption?: string
  }[]
}

export type Block = AudienceAccordionBlock | AudienceStackBlock | CalloutBlock | FactsBlock | FaqBlock | HeroBlock | ImageTrioBlock | IntroBlock | LandingHeroBlock | LogoStripBlock | MediaTextBlock | MethodStackBlock | StepsBlock | TableBlock | TestimonialsBlock | TextSectionBlock | ZoomGalleryBlock
export type BlockType = Block['type']
export const blockTypes = ['audience-accordion', 'audience-stack', 'callout', 'facts', 'faq', 'hero', 'image-trio', 'intro', 'landing-hero', 'logo-strip', 'media-text', 'method-stack', 'steps', 'table', 'testimonials', 'text-section', 'zoom-gallery'] as const satisfies readonly BlockType[]
