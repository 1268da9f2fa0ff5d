/**
 * Inter, the brand font, kept out of the first paint of a first visit.
 *
 * Why: on a first visit the font file was the one request between the
 * prerendered HTML and its largest paint (even the subset was a large part
 * of a phone's LCP in Lighthouse's mobile run: docs/measurements.md, "The
 * brand font"). So a page is first drawn in
 * the local fallback stretched to Inter's measurements (global.css), and
 * Inter is fetched once the largest paint is done. It is not swapped into
 * the page being read, which would move bold headings (they break lines in
 * other places); it is used from the next page on:
 * - a client-side navigation turns it on before the new page is painted;
 * - a full load finds the flag below, and the inline script in index.html
 *   turns it on and preloads the file before the first paint. The file then
 *   comes from the cache; font-display: optional keeps the fallback if it
 *   does not come at once, and the preload makes Chromium hold the first
 *   paint for it briefly rather than lay the page out in the fallback and
 *   swap (which moved the desktop menu by a 0.004 shift on a busy machine).
 *
 * Why not Inter on a first visit's first page too, with font-display:
 * optional and a preload: measured in Lighthouse mobile, the preload took
 * the LCP of some routes past the 1.2 s goal, even with the file cut further
 * (docs/measurements.md, "The brand font"). The first page's headline is in
 * Inter all the same: the build writes a face of its letters into the page
 * (src/prerender/headline-face.ts).
 */

import { headlineFaceAttribute } from '../shared/headline-face'

/** The class on <html> that sets text in Inter; global.css reads it. */
export const brandFontClass = 'brand-font'

/** localStorage key saying Inter has been fetched on this browser. index.html's inline script reads the same key. */
export const brandFontKey = 'brand-font'

/** The family name the @font-face rules in global.css declare. */
const family = 'Inter Variable'

let loaded = false

/** Fetch Inter without using it yet. Call after the first paint. */
export function fetchBrandFont(): void {
  if (document.documentElement.classList.contains(brandFontClass)) {
    loaded = true
    return
  }
  // FontFaceSet.load fetches the faces the font names even while no text
  // uses them; the sample text picks the latin subset's face.
  document.fonts.load(`400 1em "${family}"`, 'a').then(
    (faces) => {
      if (!faces.length) return
      loaded = true
      try {
        localStorage.setItem(brandFontKey, '1')
      } catch {
        // Storage refused (private mode, a full quota): the next full load
        // starts in the fallback again, which is all this costs.
      }
    },
    () => {},
  )
}

/**
 * Called as a new page replaces the one that was read: turn Inter on if it
 * has arrived, and drop the first page's headline face, which has only that
 * headline's letters (a new headline in it would mix two faces).
 */
export function turnOnBrandFontIfFetched(): void {
  if (loaded) document.documentElement.classList.add(brandFontClass)
  document.querySelectorAll(`[${headlineFaceAttribute}]`).forEach((part) => part.remove())
}

/** Fetch Inter and set text in it as soon as it arrives: for the studio's preview, which shows a page as a returning visitor reads it. */
export function turnOnBrandFontWhenFetched(): void {
  document.fonts.load(`400 1em "${family}"`, 'a').then(
    (faces) => faces.length > 0 && document.documentElement.classList.add(brandFontClass),
    () => {},
  )
}
