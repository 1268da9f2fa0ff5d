import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { checkPageSource, listFiles } from '../../../src/compiler/index'
import { SiteLink } from '../../../src/components/site-link'
import { Paragraphs } from '../../../src/components/paragraphs'
import { fixtureSchemas, projectRoot } from '../../support/fixture-targets'

const schemas = fixtureSchemas()
const pageWithLink = (href: string) =>
  `title: Links\ndescription: d\nblocks:\n  - type: hero\n    title: Hi\n    action:\n      label: Go\n      href: ${JSON.stringify(href)}\n`

describe('links in page files', () => {
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example', '/\\\\evil.example'])(
    'rejects %s at the exact value',
    (href) => {
      const problems = checkPageSource('p.yaml', new TextEncoder().encode(pageWithLink(href)), schemas).problems
      expect(problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(['UnsafeLink 8:13'])
    },
  )

  it('opens external links with rel="noopener noreferrer"', () => {
    const html = renderToString(createElement(MemoryRouter, null, createElement(SiteLink, { href: 'https://example.org/report' }, 'Report')))
    expect(html).toContain('rel="noopener noreferrer"')
    expect(html).toContain('target="_blank"')
  })
})

describe('text from page files', () => {
  it('renders raw HTML literally, never as markup', () => {
    const html = renderToString(createElement(Paragraphs, { text: '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>' }))
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('is never passed to dangerouslySetInnerHTML anywhere in the app', () => {
    const sources = listFiles(join(projectRoot, 'src')).filter((f) => /\.(tsx?|jsx?)$/.test(f))
    const offenders = sources.filter((f) => readFileSync(f, 'utf8').includes('dangerouslySetInnerHTML'))
    expect(offenders).toEqual([])
  })
})
