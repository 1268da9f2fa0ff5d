import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listFiles } from '../../../src/compiler/index'
import { headlineFile, makeHeadlineInstance, makeSubset, parseUnicodeRange, subsetFile, subsetRange, weights } from '../../../scripts/subset-font'

/**
 * The brand font is a subset (scripts/subset-font.ts). These tests keep it
 * covering what the site draws, and the committed file in step with the
 * unicode-range in global.css that it is made from.
 */
const root = join(import.meta.dirname, '..', '..', '..')
const css = readFileSync(join(root, 'src/styles/global.css'), 'utf8')
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!)
const declaration = (face: string, name: string) => face.match(new RegExp(`${name}:\\s*([^;]+);`))?.[1]?.trim()
const subsetFace = faces.find((f) => f.includes(subsetFile.split('/').pop()!))!
const latinExt = faces.find((f) => f.includes('inter-latin-ext-wght'))!
const inInter = new Set([...parseUnicodeRange(subsetRange(css)), ...parseUnicodeRange(declaration(latinExt, 'unicode-range')!)])

/** Drawn by the fallback on purpose: no Inter face covered them before the subset either. */
const notInter = new Set(['←', '→'])

/** The text the site can show: page content, and the UI strings and CSS `content` of its code (the studio is not the site). */
const textFiles = [
  ...listFiles(join(root, 'pages')).filter((f) => f.endsWith('.yaml')),
  ...listFiles(join(root, 'src'))
    .filter((f) => /\.(tsx|css)$/.test(f))
    .filter((f) => !relative(root, f).startsWith('src/studio/')),
]

describe('the brand font subset', () => {
  it('covers every character the pages and the site\'s code use', () => {
    const outside: string[] = []
    for (const file of textFiles) {
      for (const ch of new Set(readFileSync(file, 'utf8'))) {
        const cp = ch.codePointAt(0)!
        if (cp < 0x20 || inInter.has(cp) || notInter.has(ch)) continue
        outside.push(`${relative(root, file)}: "${ch}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`)
      }
    }
    // A character here would be drawn in a fallback font, not Inter: add it
    // to the unicode-range of the subset face in global.css and run
    // `npm run subset-font`.
    expect(outside).toEqual([])
  })

  it('has every weight the site\'s CSS asks for, and the latin-ext face declares the same range', () => {
    // Chrome splits a family by unicode-range only among faces whose other
    // descriptors are equal: with 100 900 beside 400 900 it used neither for Latin.
    expect(declaration(subsetFace, 'font-weight')).toBe(`${weights.min} ${weights.max}`)
    expect(declaration(latinExt, 'font-weight')).toBe(`${weights.min} ${weights.max}`)
    const used = listFiles(join(root, 'src'))
      .filter((f) => f.endsWith('.css') && !relative(root, f).startsWith('src/studio/'))
      .flatMap((f) => [...readFileSync(f, 'utf8').replace(/@font-face\s*{[^}]*}/g, '').matchAll(/font-weight:\s*(\d+)/g)].map((m) => Number(m[1])))
    expect(used.length).toBeGreaterThan(0)
    expect(used.filter((w) => w < weights.min || w > weights.max)).toEqual([])
  })

  it('is the file scripts/subset-font.ts makes from global.css (run npm run subset-font after changing the range)', async () => {
    const committed = readFileSync(join(root, subsetFile))
    expect(Buffer.compare(await makeSubset(), committed)).toBe(0)
  }, 60_000)

  it('has its headline instance made by scripts/subset-font.ts from the same characters', async () => {
    const committed = readFileSync(join(root, headlineFile))
    expect(Buffer.compare(await makeHeadlineInstance(), committed)).toBe(0)
  }, 60_000)
})
