import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import arial from '@capsizecss/metrics/arial'
import inter from '@capsizecss/metrics/inter'
import roboto from '@capsizecss/metrics/roboto'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
const css = readFileSync(join(root, 'src/styles/global.css'), 'utf8')
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!)
const declaration = (face: string, name: string) => face.match(new RegExp(`${name}:\\s*([^;]+);`))?.[1]?.trim()

type Metrics = { ascent: number; descent: number; lineGap: number; unitsPerEm: number; xWidthAvg: number }

/** The overrides that draw `fallback` to the brand font's measurements (fontaine's formula). */
function overrides(brand: Metrics, fallback: Metrics) {
  const size = brand.xWidthAvg / brand.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm)
  const pct = (n: number) => `${(n * 100).toFixed(2)}%`
  return {
    'size-adjust': pct(size),
    'ascent-override': pct(brand.ascent / brand.unitsPerEm / size),
    'descent-override': pct(Math.abs(brand.descent) / brand.unitsPerEm / size),
    'line-gap-override': pct(brand.lineGap / brand.unitsPerEm / size).replace('0.00%', '0%'),
  }
}

describe('the brand font and its fallbacks', () => {
  it.each([
    ['Inter fallback', arial],
    ['Inter fallback Roboto', roboto],
  ])('%s is drawn to Inter\'s measurements', (family, metrics) => {
    const own = faces.filter((f) => declaration(f, 'font-family') === `'${family}'`)
    expect(own).toHaveLength(2) // regular and bold
    const expected = overrides(inter, metrics)
    for (const face of own) {
      for (const [name, value] of Object.entries(expected)) expect(declaration(face, name), name).toBe(value)
      expect(declaration(face, 'src')).toContain(`local('${metrics.familyName}`)
    }
  })

  it('the font stack is the fallbacks, and html.brand-font puts the brand font before them', () => {
    expect(css).toMatch(/--fallback-font: 'Inter fallback', 'Inter fallback Roboto',/)
    expect(css).toMatch(/--font: var\(--fallback-font\);/)
    expect(css).toMatch(/:root\.brand-font \{\s*--font: 'Inter Variable', var\(--fallback-font\);/)
  })

  it("index.html's font preload matches no media until its script finds the flag: a first visit's first paint waits for no font (src/app/brand-font.ts)", () => {
    const html = readFileSync(join(root, 'index.html'), 'utf8')
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => m[0])
    expect(preloads).toHaveLength(1)
    expect(preloads[0]).toContain('href="/src/styles/fonts/inter-latin-subset-wght.woff2"')
    expect(preloads[0]).toContain('media="(brand-font)"')
    expect(html).toContain(`localStorage.getItem('brand-font')`)
  })
})
