import { describe, expect, it } from 'vitest'
import { frameMarker } from '../../../src/app/frame-part'
import { loadSite, projectPaths } from '../../../src/compiler/index'
import { render, type Rendered } from '../../../src/entry-server'
import { FrameCopy, partsOf, type Draw } from '../../../src/prerender/frame-copy'
import { projectRoot } from '../../support/fixture-targets'

const [header, footer] = [frameMarker('header'), frameMarker('footer')]
const page = (main: string, frame = { header: '<header>H</header>', footer: '<footer>F</footer>' }) => ({
  whole: `<a>skip</a>${frame.header}<main>${main}</main>${frame.footer}<script></script>`,
  marked: `<a>skip</a>${header}<main>${main}</main>${footer}<script></script>`,
})
const drawn = (html: string): Rendered => ({ status: 200, html, title: 't', description: 'd' })
/** A draw of `p`, counting the whole draws. */
function drawOf(p: { whole: string; marked: string }, count: { whole: number }): Draw {
  return async (copyFrame) => (copyFrame ? drawn(p.marked) : (count.whole++, drawn(p.whole)))
}

describe('the header and footer, drawn once and copied into every page', () => {
  it('are found where the markers stand, or not at all when the two draws do not line up', () => {
    const one = page('<h1>One</h1>')
    expect(partsOf(one.whole, one.marked)).toEqual(new Map([['header', '<header>H</header>'], ['footer', '<footer>F</footer>']]))
    expect(partsOf(one.whole, one.marked.replace(footer, ''))).toBeUndefined()
    expect(partsOf(one.whole, one.marked.replace(header, header + header))).toBeUndefined()
    expect(partsOf(one.whole, one.marked.replace('<h1>One</h1>', '<h1>Other</h1>'))).toBeUndefined()
    expect(partsOf(one.whole.replace('<script>', '<style>'), one.marked)).toBeUndefined()
  })

  it('are learned from the first page, checked against the second, then copied; a page without them is drawn whole', async () => {
    const frame = new FrameCopy()
    const count = { whole: 0 }
    const pages = ['<h1>One</h1>', '<h1>Two</h1>', '<h1>Three</h1>', '<h1>$& and $1</h1>'].map((main) => page(main))
    const out: string[] = []
    for (const p of pages) out.push((await frame.render(drawOf(p, count))).html)
    expect(out).toEqual(pages.map((p) => p.whole))
    expect(count.whole, 'whole draws: the first two pages only').toBe(2)
    expect(frame.copying).toBe(true)
    const notFound = '<h1>Not found</h1>'
    expect((await frame.render(async () => drawn(notFound))).html).toBe(notFound)
  })

  it('are never copied once a second page draws them differently', async () => {
    const frame = new FrameCopy()
    const count = { whole: 0 }
    const pages = [page('<h1>One</h1>'), page('<h1>Two</h1>', { header: '<header aria-current="page">H</header>', footer: '<footer>F</footer>' }), page('<h1>Three</h1>')]
    const out: string[] = []
    for (const p of pages) out.push((await frame.render(drawOf(p, count))).html)
    expect(out).toEqual(pages.map((p) => p.whole))
    expect(count.whole).toBe(3)
    expect(frame.copying).toBe(false)
  })

  it('give every page of the site the HTML it has when drawn whole', async () => {
    const { pages } = loadSite(projectPaths(projectRoot))
    expect(pages.length).toBeGreaterThan(2)
    const frame = new FrameCopy()
    for (const { route, page: data } of pages) {
      const whole = await render(route, data)
      const copied = await frame.render((copyFrame) => render(route, data, { copyFrame }))
      expect(copied, route).toEqual(whole)
    }
    expect(frame.copying, 'the frame was copied, not drawn on every page').toBe(true)
    // The not-found page has no frame: drawn as it is.
    expect(await frame.render((copyFrame) => render('/no-such-page', undefined, { copyFrame }))).toEqual(await render('/no-such-page'))
  })
})
