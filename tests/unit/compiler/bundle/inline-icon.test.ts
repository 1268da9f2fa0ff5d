import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { inlineIcon } from '../../../../src/compiler/bundle/inline-icon'

const publicDir = mkdtempSync(join(tmpdir(), 'icon-'))
afterAll(() => rmSync(publicDir, { recursive: true, force: true }))
const page = (href: string) => `<head><link rel="icon" href="${href}" type="image/svg+xml" /></head>`

it('writes a small SVG icon into the page as a data: URL that draws the same SVG', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">\n  <rect width="8" height="8" fill="#2fd18b"/>\n</svg>\n'
  writeFileSync(join(publicDir, 'icon.svg'), svg)
  const html = inlineIcon(page('/icon.svg'), publicDir)
  const href = /href="([^"]*)"/.exec(html)![1]!
  expect(href.startsWith('data:image/svg+xml,')).toBe(true)
  // The attribute stays one attribute, and decoding it gives the SVG back (with its quotes made single).
  expect(href).not.toMatch(/["<># ]/)
  expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(svg.trim().replace(/\s+/g, ' ').replace(/"/g, "'"))
  expect(html).toContain('type="image/svg+xml" />')
})

it('leaves a missing, large or non-SVG icon as a link', () => {
  mkdirSync(join(publicDir, 'big'), { recursive: true })
  writeFileSync(join(publicDir, 'big/icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(1000)}</svg>`)
  for (const href of ['/missing.svg', '/big/icon.svg', '/icon.png']) expect(inlineIcon(page(href), publicDir)).toBe(page(href))
})
