import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { activeSvgParts } from '../../../../src/compiler/site/svg-safety'
import { runnableParts } from '../../../../src/compiler/site/public-code'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'

/** An SVG under public/ that could run code is a located problem of npm run check (and so of the build): issue 23's F17. */
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`

describe('activeSvgParts', () => {
  it.each([
    ['<script>alert(1)</script>', 'a <script> element'],
    ['<SCRIPT src="x.js"/>', 'a <script> element'],
    ['<rect width="1" height="1" onload="alert(1)"/>', 'an event handler attribute (onload)'],
    ['<rect\nonclick = "x()"/>', 'an event handler attribute (onclick)'],
    ['<a href="javascript:alert(1)"><text>x</text></a>', 'a javascript: link'],
    ['<a href="&#106;avascript:alert(1)"><text>x</text></a>', 'a javascript: link'],
    ['<a href="java&#x09;script:alert(1)"><text>x</text></a>', 'a javascript: link'],
    ['<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>', 'a <foreignObject> element, which can hold a web page or code'],
    ['<iframe src="https://example.org"/>', 'a <iframe> element, which can hold a web page or code'],
  ])('finds %s', (body, what) => {
    expect(activeSvgParts(svg(body)).map((p) => p.what)).toEqual([what])
  })

  it('finds an xml-stylesheet and an entity declaration, which can spell any of the others', () => {
    const text = `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n<!DOCTYPE svg [<!ENTITY x "y">]>\n${svg('')}`
    expect(activeSvgParts(text).map((p) => p.what)).toEqual(['an xml-stylesheet instruction', 'an entity declaration'])
  })

  it('passes plain pictures, words that look like handlers included, and the site’s own SVGs', () => {
    expect(activeSvgParts(svg('<text x="1" y="5">step one = two, the onset = now</text><path d="M0 0h10"/>'))).toEqual([])
    expect(activeSvgParts(readFileSync(join(projectRoot, 'public/favicon.svg'), 'utf8'))).toEqual([])
  })
})

describe("npm run check on an SVG", () => {
  const project = tempProject({ 'public/media/img/logo.svg': `${svg('')}\n<!-- a contributed logo -->\n  <g onmouseover="steal()"/>\n` }, { copy: ['public'] })
  afterAll(() => project.remove())

  it('reports an SVG in public/ that holds code at its line and column, even one no page uses', () => {
    const found = loadSite(projectPaths(project.root)).problems.filter((p) => p.code === 'ActiveSvg')
    expect(found.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([
      'public/media/img/logo.svg:3:6 This SVG holds an event handler attribute (onmouseover), which would run as code wherever the file is opened.',
    ])
  })
})

describe('runnableParts: public/ holds media and documents, never code', () => {
  const parts = (name: string, text: string | Buffer) => runnableParts(name, Buffer.isBuffer(text) ? text : Buffer.from(text)).map((p) => p.what)

  it('refuses what a browser runs by its name', () => {
    expect(parts('offer.html', 'Hello')).toEqual(['a web page (HTML)'])
    expect(parts('offer.XHTML', 'Hello')).toEqual(['a web page (XHTML)'])
    for (const name of ['offer.js', 'offer.mjs', 'offer.cjs']) expect(parts(name, 'alert(1)')).toEqual(['JavaScript code'])
    expect(parts('x.wasm', '')).toEqual(['WebAssembly code'])
    expect(parts('x.xsl', '<xsl:stylesheet/>')).toEqual(['an XSLT style sheet, which turns XML into a web page'])
  })

  it('refuses it by its bytes under another name', () => {
    expect(parts('offer.webp', '\uFEFF  <!DOCTYPE html><script>alert(1)</script>')).toEqual(['a web page (HTML)'])
    expect(parts('offer.pdf', '<p>hello')).toEqual(['a web page (HTML)'])
    expect(parts('x.bin', Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]))).toEqual(['WebAssembly code'])
    expect(parts('feed.xml', '<?xml version="1.0"?>\n<?xml-stylesheet href="x.xsl"?><feed/>')).toEqual(['an xml-stylesheet instruction'])
    expect(parts('data.xml', '<root><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></root>')).toEqual(['markup in the XHTML namespace, which makes it a web page'])
  })

  it('passes pictures, videos, documents and plain data', () => {
    expect(parts('photo.webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toEqual([])
    expect(parts('report.pdf', '%PDF-1.7')).toEqual([])
    expect(parts('prices.csv', 'a,b\n1,2\n')).toEqual([])
    expect(parts('sitemap.xml', '<?xml version="1.0"?><urlset><url><loc>https://example.org/</loc></url></urlset>')).toEqual([])
    expect(parts('icon.svg', '<!-- drawn by hand --><svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>')).toEqual([])
  })
})

describe('npm run check on code in public/', () => {
  const project = tempProject({ 'public/offer.html': '<!doctype html>\n<script src="/offer.js"></script>\n', 'public/offer.js': 'alert(document.cookie)\n', 'public/media/img/sneaky.webp': '\n\n<html><script>alert(1)</script>' }, { copy: ['public'] })
  afterAll(() => project.remove())

  it('reports each file, located, and the build stops on them', () => {
    const found = loadSite(projectPaths(project.root)).problems.filter((p) => p.code === 'CodeInPublic')
    expect(found.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`).sort()).toEqual([
      'public/media/img/sneaky.webp:3:1 This file holds a web page (HTML), which a browser would run as the site itself if it were published.',
      'public/offer.html:1:1 This file holds a web page (HTML), which a browser would run as the site itself if it were published.',
      'public/offer.js:1:1 This file holds JavaScript code, which a browser would run as the site itself if it were published.',
    ])
  })
})
