/** The messages between the studio's page and its preview frames (same origin, postMessage). */
import type { Page, Site } from '../../generated/schema-types.ts'

/** Studio to preview: show this page; `fromTop`: another page than the one shown (or another version of it), shown from its top. */
export interface RenderMessage {
  type: 'render'
  version: number
  page: Page
  site?: Site
  fromTop?: boolean
}

/** Studio to preview: the author is at work on this block (the form's focus is in its card): scroll it into view. */
export interface ShowBlockMessage {
  type: 'show-block'
  index: number
}

/** Preview to studio. */
export type FromPreview =
  /** Loaded: send it the page. */
  | { type: 'ready' }
  /** A block was clicked: put the cursor on its YAML, or focus the field of the words clicked (`text`). */
  | { type: 'block'; index: number; text?: string }
  /** The page of this edit is painted (for the studio's timings). */
  | { type: 'rendered'; version: number }
  /** Ctrl+S (or Cmd+S) was pressed in the preview: save, as anywhere else in the studio. */
  | { type: 'save' }
