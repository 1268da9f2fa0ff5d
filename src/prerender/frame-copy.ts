import { frameMarker, frameParts, type FramePart } from '../app/frame-part'
import type { Rendered } from '../entry-server'

/** A page drawn whole (`copyFrame` false) or with its frame's parts as markers (true). */
export type Draw = (copyFrame: boolean) => Promise<Rendered>

/**
 * The header and footer of a worker's pages, drawn for its first pages and
 * copied into the rest (see app/frame-part.tsx for why that holds).
 *
 * - Learning: the first page with a frame is drawn whole and with markers;
 *   what the whole draw has where the markers stand are the parts.
 * - Checking: the next page with a frame is drawn both ways too, and its
 *   markers replaced by the parts learned must give its whole draw, byte
 *   for byte. Else nothing is copied for the rest of the run.
 * - Copying: every later page is drawn with markers, and they are replaced.
 *
 * A page without a frame (the not-found page, drawn outside the layout)
 * has no markers and is drawn whole at any stage.
 */
export class FrameCopy {
  private learned: Map<FramePart, string> | undefined
  private stage: 'learning' | 'checking' | 'copying' | 'off' = 'learning'

  async render(draw: Draw): Promise<Rendered> {
    if (this.stage === 'off') return draw(false)
    if (this.stage === 'copying') {
      const copied = await draw(true)
      return { ...copied, html: this.filled(copied.html) }
    }
    const whole = await draw(false)
    const marked = await draw(true)
    // No frame on this page: nothing to learn from, nor to check.
    if (marked.html === whole.html) return whole
    if (this.stage === 'learning') {
      this.learned = partsOf(whole.html, marked.html)
      this.stage = this.learned ? 'checking' : 'off'
    } else {
      this.stage = this.filled(marked.html) === whole.html ? 'copying' : 'off'
    }
    return whole
  }

  /** Whether the pages are now drawn with their frame copied (for tests). */
  get copying(): boolean {
    return this.stage === 'copying'
  }

  /** `html` with each marker replaced by its part, in one pass: the parts were learned in the order the markers stand. */
  private filled(html: string): string {
    let out = ''
    let from = 0
    for (const [part, text] of this.learned!) {
      const marker = frameMarker(part)
      const at = html.indexOf(marker, from)
      if (at < 0) continue
      out += html.slice(from, at) + text
      from = at + marker.length
    }
    return out + html.slice(from)
  }
}

/**
 * The parts' HTML, from one page drawn whole and with markers: the marked
 * draw is the whole one with each part's HTML replaced by its marker, the
 * text between the markers unchanged. Undefined when the two do not line
 * up that way (a marker missing or twice, or text that differs).
 */
export function partsOf(whole: string, marked: string): Map<FramePart, string> | undefined {
  const found = frameParts.map((part) => ({ part, at: marked.indexOf(frameMarker(part)) }))
  if (found.some(({ part, at }) => at < 0 || marked.indexOf(frameMarker(part), at + 1) >= 0)) return undefined
  found.sort((a, b) => a.at - b.at)
  // The text around and between the markers: one piece more than there are markers.
  const pieces: string[] = []
  let from = 0
  for (const { part, at } of found) {
    pieces.push(marked.slice(from, at))
    from = at + frameMarker(part).length
  }
  pieces.push(marked.slice(from))
  const last = pieces.at(-1)!
  if (!whole.startsWith(pieces[0]!) || !whole.endsWith(last)) return undefined
  const learned = new Map<FramePart, string>()
  let at = pieces[0]!.length
  const end = whole.length - last.length
  for (const [i, { part }] of found.entries()) {
    // Each part runs to the next piece's text (the page's <main>, never in a part), the last to the end's.
    const next = i + 1 < found.length ? whole.indexOf(pieces[i + 1]!, at) : end
    if (next < at || next > end) return undefined
    learned.set(part, whole.slice(at, next))
    at = next + (i + 1 < found.length ? pieces[i + 1]!.length : 0)
  }
  return at === end ? learned : undefined
}
