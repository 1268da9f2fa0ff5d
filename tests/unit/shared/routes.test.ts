import { describe, expect, it } from 'vitest'
import { fileOfRoute, htmlPathOf, pageDataDir, pageDataPathOf, routeFromFile, routeOfDataPath, routeOfPath } from '../../../src/shared/routes'

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

describe("a page's data address", () => {
  it('is the route under _data, which no page file can take, and leads back to the route', () => {
    for (const route of ['/', '/b2b', '/b2b/smes', '/socail/a-b']) {
      const path = pageDataPathOf(route)
      expect(path.startsWith(`${pageDataDir}/`)).toBe(true)
      expect(routeOfDataPath(`/${path}`)).toBe(route)
    }
    expect(pageDataPathOf('/')).toBe('_data/index.json')
    expect(routeFromFile(`${pageDataDir}/b2b.yaml`)).toEqual({ kind: 'private' })
  })

  it('is not read from paths that no page could have', () => {
    for (const path of ['/_data/../secret.json', '/_data/b2b.yaml', '/_data/.json', '/assets/x.json', '/_data/a%2Fb.json', '/_data/a b.json']) expect(routeOfDataPath(path), path).toBeUndefined()
  })
})

describe('the route of an address', () => {
  it('drops a trailing slash and refuses what no file name could make', () => {
    expect(routeOfPath('/')).toBe('/')
    expect(routeOfPath('/b2b/smes/')).toBe('/b2b/smes')
    expect(routeOfPath('/b2b//smes')).toBe('/b2b/smes')
    for (const path of ['/_data/x', '/a.b', '/%20', '/-x']) expect(routeOfPath(path), path).toBeUndefined()
  })
})
