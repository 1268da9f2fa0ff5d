import { describe, expect, it } from 'vitest'
import { classifyLink, linkedRoute } from '../../../src/shared/links'
import { nearest } from '../../../src/compiler/problems/suggest'

describe('links', () => {
  it('accepts site routes, anchors, https, mailto, tel and the "#" placeholder', () => {
    expect(classifyLink('/b2b/smes')).toEqual({ kind: 'internal', route: '/b2b/smes', hash: '' })
    expect(classifyLink('/b2b/smes#size-definition')).toEqual({ kind: 'internal', route: '/b2b/smes', hash: '#size-definition' })
    expect(classifyLink('/about-us/')).toMatchObject({ kind: 'internal', route: '/about-us' })
    expect(classifyLink('#')).toEqual({ kind: 'placeholder' })
    for (const href of ['https://example.org/x', 'mailto:hello@example.org', 'tel:+441234567890']) {
      expect(classifyLink(href).kind).toBe('external')
    }
  })

  it('rejects script, data and protocol-relative links, however they are spelt', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'vbscript:msgbox', 'data:text/html,<b>x</b>', '//evil.example', '/\\evil.example', 'http://plain.example', 'ftp://x.example', '']) {
      expect(classifyLink(href).kind, href).toBe('unsafe')
    }
  })
})

describe('suggestions', () => {
  it('suggests the nearest candidate for typical typos', () => {
    expect(nearest('heor', ['hero', 'intro', 'table'])).toBe('hero')
    expect(nearest('tabel', ['hero', 'intro', 'table'])).toBe('table')
    expect(nearest('/abuot', ['/', '/about-us', '/b2b-audience'])).toBe('/about-us')
    expect(nearest('Hero', ['hero'])).toBe('hero')
  })

  it('suggests nothing when nothing is close', () => {
    expect(nearest('carousel', ['hero', 'intro', 'table'])).toBeUndefined()
    expect(nearest('x', ['hero'])).toBeUndefined()
  })
})

describe('linkedRoute', () => {
  it('gives the route a link goes to, as classifyLink reads it, or the link without its #part', () => {
    const cases: [string, string][] = [
      ['/', '/'],
      ['/b2b/smes', '/b2b/smes'],
      ['/b2b/smes#size-definition', '/b2b/smes'],
      ['/b2b/smes/', '/b2b/smes'],
      ['/b2b/smes/#size-definition', '/b2b/smes'],
      ['/b2b//smes', '/b2b//smes'],
      ['/b2b/sm%65s', '/b2b/sm%65s'],
      ['#size-definition', ''],
      ['#', ''],
      ['https://example.org/report#part', 'https://example.org/report'],
      ['mailto:hello@example.org', 'mailto:hello@example.org'],
    ]
    for (const [href, route] of cases) expect(linkedRoute(href), href).toBe(route)
    // The quick way for links already in a route's form gives what parsing them gives.
    for (const [href] of cases) {
      const verdict = classifyLink(href)
      expect(linkedRoute(href), href).toBe(verdict.kind === 'internal' ? verdict.route : href.split('#')[0])
    }
  })
})
