/**
 * `npm run subset-font`: writes src/styles/fonts/inter-latin-subset-wght.woff2,
 * Inter cut down to what the site draws with it, so the one font every page
 * fetches before its first paint is 20 KB, not 48 KB; and
 * src/styles/fonts/inter-headline-800.ttf, the same characters at the
 * headline's one weight, from which the build cuts each page's headline face
 * (src/prerender/headline-face.ts).
 *
 * Its output is committed rather than made by every build: subsetting takes
 * HarfBuzz seconds (more than the rest of the build), the dev server and the
 * studio use the same file without a plugin, and the glyph set changes only
 * when someone adds a character, which tests/unit/scripts/subset-font.test.ts catches.
 *
 * The characters are the unicode-range of the @font-face in global.css that
 * names the file (one home: the browser and this script read the same list).
 * Kept: the weights from 400 to 900 (the site uses no lighter one; the test
 * checks), the features Chrome applies by default, and tabular figures
 * (font-variant-numeric: tabular-nums). Dropped: Inter's stylistic sets,
 * fractions and other alternates nothing on the site asks for.
 * Limiting the axis is most of the saving (the whole axis is a larger file,
 * and measured slower in Lighthouse: docs/measurements.md, "The brand
 * font"). Its cost: HarfBuzz re-optimises
 * the outlines' deltas, so at 1280 px 23 edge pixels of the hero heading
 * differ slightly in antialiasing from the full file; at 375 px none do.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import subsetFont from 'subset-font'
import { headlineWeight } from '../src/shared/headline-face'

const root = join(import.meta.dirname, '..')
export const subsetFile = 'src/styles/fonts/inter-latin-subset-wght.woff2'
const sourceFile = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'
/** On by default in Chrome (kern, ligatures, contextual alternates, marks), plus tnum. */
const features = ['ccmp', 'locl', 'calt', 'liga', 'clig', 'rlig', 'rclt', 'kern', 'mark', 'mkmk', 'tnum']
export const weights = { min: 400, max: 900 }
export const headlineFile = 'src/styles/fonts/inter-headline-800.ttf'

/** The code points of a unicode-range descriptor ("U+0020-007E,U+00A9"). */
export function parseUnicodeRange(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16))
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)
  })
}

/** The unicode-range of the face in global.css that uses the subset file. */
export function subsetRange(css = readFileSync(join(root, 'src/styles/global.css'), 'utf8')): string {
  const name = subsetFile.split('/').pop()!
  const face = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!).find((f) => f.includes(name))
  const range = face?.match(/unicode-range:\s*([^;]+);/)?.[1]
  if (!range) throw new Error(`global.css has no @font-face with a unicode-range for ${name}`)
  return range.trim()
}

export function makeSubset(): Promise<Buffer> {
  return subsetFont(readFileSync(join(root, sourceFile)), subsetText(), { targetFormat: 'woff2', keepFeatures: features, variationAxes: { wght: weights } })
}

/**
 * The subset's characters as a static font at the headline's weight, in
 * TrueType: the build cuts a few letters from it for every page, and making
 * WOFF2 of those cost many times the cut itself, for a little less on the
 * wire (docs/measurements.md, "The brand font").
 */
export function makeHeadlineInstance(): Promise<Buffer> {
  return subsetFont(readFileSync(join(root, sourceFile)), subsetText(), { targetFormat: 'truetype', keepFeatures: features, variationAxes: { wght: headlineWeight } })
}

const subsetText = () => String.fromCodePoint(...parseUnicodeRange(subsetRange()))

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [file, font] of [
    [subsetFile, await makeSubset()],
    [headlineFile, await makeHeadlineInstance()],
  ] as const) {
    writeFileSync(join(root, file), font)
    console.log(`Wrote ${file} (${(font.length / 1024).toFixed(1)} KB).`)
  }
}
