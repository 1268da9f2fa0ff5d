/**
 * A page's headline in Inter from a first visit's first paint.
 *
 * A first visit's first page is otherwise drawn in the fallback (src/app/brand-font.ts
 * says why: the font file between the HTML and the largest paint cost a
 * phone's LCP too much). The headline is the words the brand face matters
 * most for, and they are few: the build cuts a face of just their letters
 * from Inter at the headline's weight and writes it into the page itself, a
 * few kilobytes, with no request to wait for.
 *
 * The face is also preloaded, from the same data: address (which gzip sends
 * once): without the preload Chromium decoded it after laying the page out
 * in the fallback, and the headline's new line breaks moved the content below
 * it by a layout shift of 0.08. A preloaded face with font-display: optional
 * holds the first paint until it is ready (it is at once), and were it not,
 * the page would stay in the fallback rather than move.
 *
 * The face knows only this page's letters: the app drops it as a client-side
 * navigation shows another page (src/app/brand-font.ts), whose headline then
 * follows the rest of the page's text.
 */
import subsetFont from 'subset-font'
import instance from '../styles/fonts/inter-headline-800.ttf?inline'
import { headlineFaceAttribute, headlineFamily, headlineWeight } from '../shared/headline-face'

/** The static instance's bytes, decoded once a worker. */
let instanceBytes: Buffer | undefined

const headline = /<(h[1-6])\b[^>]*\bclass="(?:[^"]*\s)?headline(?:\s[^"]*)?"[^>]*>([\s\S]*?)<\/\1>/

/** The text of the element React drew with the class "headline", as the visitor reads it; undefined if there is none. */
export function headlineText(html: string): string | undefined {
  const inner = headline.exec(html)?.[2]
  return inner === undefined ? undefined : decodeEntities(inner.replace(/<[^>]*>/g, ''))
}

/**
 * The face for the page's headline, its preload and its <style> (empty
 * when the page has none): its characters cut from the static instance, as
 * a data: address. The instance has the latin subset's characters; any other is
 * drawn by the next font in the headline's list, as on any page.
 */
export async function headlineFace(html: string): Promise<string> {
  const text = headlineText(html)
  if (!text?.trim()) return ''
  instanceBytes ??= Buffer.from(instance.slice(instance.indexOf(',') + 1), 'base64')
  // With "0" too: CSS's ch unit is the width of the first font's "0", and a
  // face without one would measure a headline's max-width in 0.5em instead.
  const font = await subsetFont(instanceBytes, `${text}0`, { targetFormat: 'truetype' })
  const address = `data:font/ttf;base64,${font.toString('base64')}`
  return [
    `<link rel="preload" as="font" type="font/ttf" crossorigin href="${address}" ${headlineFaceAttribute} />`,
    `<style ${headlineFaceAttribute}>@font-face{font-family:"${headlineFamily}";font-weight:${headlineWeight};font-display:optional;src:url(${address}) format("truetype")}</style>`,
  ].join('\n    ')
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** React escapes &, <, >, " and ' in text; a number names any other character it wrote as an entity. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
    return named[name] ?? whole
  })
}
