import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { activeSvgParts } from '../../../../src/compiler/site/svg-safety'
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

describe('npm run check', () => {
  const project = tempProject({ 'public/media/img/logo.svg': `${svg('')}\n<!-- a contributed logo -->\n  <g onmouseover="steal()"/>\n` }, { copy: ['public'] })
  afterAll(() => project.remove())

  it('reports an SVG in public/ that holds code at its line and column, even one no page uses', () => {
    const found = loadSite(projectPaths(project.root)).problems.filter((p) => p.code === 'ActiveSvg')
    expect(found.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([
      'public/media/img/logo.svg:3:6 This SVG holds an event handler attribute (onmouseover), which would run as code wherever the file is opened.',
    ])
  })
})
