import { describe, expect, it } from 'vitest'
import { fileOfRoute, htmlPathOf, routeFromFile } from '../../../src/shared/routes'

describe('routes from files', () => {
  it('maps paths under pages/ to routes', () => {
    expect(routeFromFile('index.yaml')).toEqual({ kind: 'route', route: '/' })
    expect(routeFromFile('b2b/retail.yaml')).toEqual({ kind: 'route', route: '/b2b/retail' })
    expect(routeFromFile('b2b/index.yaml')).toEqual({ kind: 'route', route: '/b2b' })
    expect(routeFromFile('investor/reachB2b.yaml')).toEqual({ kind: 'route', route: '/investor/reachB2b' })
    expect(routeFromFile('invester-audiance.yml')).toEqual({ kind: 'route', route: '/invester-audiance' })
  })

  it('keeps files and folders starting with _ out of the routes', () => {
    expect(routeFromFile('_site.yaml')).toEqual({ kind: 'private' })
    expect(routeFromFile('_drafts/new.yaml')).toEqual({ kind: 'private' })
  })

  it('ignores other files and rejects names that cannot be addresses', () => {
    expect(routeFromFile('notes.md')).toEqual({ kind: 'ignored' })
    expect(routeFromFile('b2b/new page.yaml')).toEqual({ kind: 'invalid', segment: 'new page' })
    expect(routeFromFile('-x.yaml')).toEqual({ kind: 'invalid', segment: '-x' })
  })

  it('maps routes to output files and back to source files', () => {
    expect(htmlPathOf('/')).toBe('index.html')
    expect(htmlPathOf('/b2b/smes')).toBe('b2b/smes/index.html')
    expect(fileOfRoute('/')).toBe('index.yaml')
    expect(fileOfRoute('/b2b/smes')).toBe('b2b/smes.yaml')
  })
})
