import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { headlineFace, headlineText } from '../../../src/prerender/headline-face'
import { headlineFamily, headlineWeight } from '../../../src/shared/headline-face'

/** The number of glyphs a TrueType font holds (its maxp table's numGlyphs). */
function glyphCount(ttf: Buffer): number {
  for (let i = 0; i < ttf.readUInt16BE(4); i++) {
    const record = 12 + 16 * i
    if (ttf.toString('latin1', record, record + 4) === 'maxp') return ttf.readUInt16BE(ttf.readUInt32BE(record + 8) + 4)
  }
  throw new Error('no maxp table')
}

const addresses = (head: string) => [...head.matchAll(/data:font\/ttf;base64,([A-Za-z0-9+/=]+)/g)].map((m) => m[1]!)

describe('the headline face', () => {
  it('reads the headline as the visitor does: across the accent\'s spans, with React\'s escapes undone', () => {
    const html = `<main><p class="headline-note">not this</p><h1 class="headline _title_x"><span class="_accent">R&amp;D&#x27;s</span> &quot;best&quot; <span class="no-break">&lt;3</span></h1></main>`
    expect(headlineText(html)).toBe(`R&D's "best" <3`)
  })

  it('takes only an element whose class list holds "headline" itself', () => {
    expect(headlineText('<h1 class="subheadline">A</h1><h2 class="headlines">B</h2>')).toBeUndefined()
    expect(headlineText('<h1 class="_t headline">C</h1>')).toBe('C')
  })

  it('writes nothing for a page without a headline', async () => {
    expect(await headlineFace('<main><h1 class="_title">Hello</h1></main>')).toBe('')
  })

  it('is a face of the headline\'s letters only, preloaded from the same address, at the family and weight global.css asks for', async () => {
    const head = await headlineFace('<h1 class="headline">AAA</h1>')
    const [preloaded, used] = addresses(head)
    expect(preloaded).toBe(used)
    // Each letter adds its glyph, a repeated one nothing: beyond the face's
    // fixed few (.notdef, and the 0 CSS's ch unit measures with what its
    // features reach) nothing of the rest of Inter comes.
    const glyphsOf = async (text: string) => glyphCount(Buffer.from(addresses(await headlineFace(`<h1 class="headline">${text}</h1>`))[0]!, 'base64'))
    const fixed = (await glyphsOf('A')) - 1
    expect(glyphCount(Buffer.from(used!, 'base64'))).toBe(fixed + 1)
    expect(await glyphsOf('AB')).toBe(fixed + 2)
    expect(fixed).toBeLessThanOrEqual(3)
    expect(head).toContain(`font-family:"${headlineFamily}";font-weight:${headlineWeight};font-display:optional`)
    expect(head).toMatch(/<link rel="preload" as="font" type="font\/ttf" crossorigin href="data:/)
    // Each distinct letter (and the space) has its glyph; a ligature's may come too.
    const words = await headlineFace('<h1 class="headline">Reach the decision makers</h1>')
    expect(glyphCount(Buffer.from(addresses(words)[0]!, 'base64'))).toBeGreaterThanOrEqual(new Set('Reach the decision makers').size + 1)
  })

  it('is the face global.css\'s .headline names, at the weight it sets', () => {
    const css = readFileSync(join(import.meta.dirname, '../../../src/styles/global.css'), 'utf8')
    const rule = /\.headline\s*{([^}]*)}/.exec(css)?.[1] ?? ''
    expect(rule).toContain(`font-family: '${headlineFamily}', var(--font);`)
    expect(rule).toContain(`font-weight: ${headlineWeight};`)
  })
})
