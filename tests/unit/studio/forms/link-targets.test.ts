import { describe, expect, it } from 'vitest'
import { linkTargets, offeredAtMost, offeredTargets } from '../../../../src/studio/forms/link-targets'

const small = linkTargets({
  routes: ['/', '/about-us', '/b2b/fleet-managers', '/b2b/smes'],
  anchors: { '/about-us': ['team'], '/b2b/smes': ['faq', 'smes-panel'] },
  titles: { '/': 'Home', '/about-us': 'About us', '/b2b/fleet-managers': 'Fleet managers', '/b2b/smes': 'Small businesses' },
})
const routesOf = (typed: string) => offeredTargets(small, typed).map((t) => t.route)

describe('the places a link field offers', () => {
  it('lists pages, then the anchored parts of pages, each with its page title', () => {
    expect(small.map((t) => t.route)).toEqual(['/', '/about-us', '/b2b/fleet-managers', '/b2b/smes', '/about-us#team', '/b2b/smes#faq', '/b2b/smes#smes-panel'])
    expect(small.find((t) => t.route === '/b2b/smes#faq')!.label).toBe('Small businesses (/b2b/smes#faq)')
  })

  it('offers those whose address or title holds what was typed, in any case', () => {
    expect(routesOf('fleet')).toEqual(['/b2b/fleet-managers'])
    expect(routesOf('SMALL BUS')).toEqual(['/b2b/smes', '/b2b/smes#faq', '/b2b/smes#smes-panel'])
    expect(routesOf('nothing like it')).toEqual([])
  })

  it('puts the address typed, then the addresses it starts, before the others', () => {
    expect(routesOf('/b2b/smes')).toEqual(['/b2b/smes', '/b2b/smes#faq', '/b2b/smes#smes-panel'])
    expect(routesOf('smes')).toEqual(['/b2b/smes', '/b2b/smes#faq', '/b2b/smes#smes-panel'])
    expect(routesOf('/about-us#team')[0]).toBe('/about-us#team')
  })

  it(`offers at most ${offeredAtMost} of a site of thousands of pages, and still finds any of them`, () => {
    const count = 10_000
    const routes = Array.from({ length: count }, (_, i) => `/gen/p${i}`)
    const big = linkTargets({ routes, anchors: Object.fromEntries(routes.map((r) => [r, ['faq', 'panel']])), titles: Object.fromEntries(routes.map((r, i) => [r, `Generated page ${i}`])) })
    expect(big).toHaveLength(count * 3)
    expect(offeredTargets(big, '')).toHaveLength(offeredAtMost)
    expect(offeredTargets(big, '/')).toHaveLength(offeredAtMost)
    expect(offeredTargets(big, '/gen/p9999')[0]!.route).toBe('/gen/p9999')
    expect(offeredTargets(big, 'generated page 9876').map((t) => t.route)).toEqual(['/gen/p9876', '/gen/p9876#faq', '/gen/p9876#panel'])
  })
})
