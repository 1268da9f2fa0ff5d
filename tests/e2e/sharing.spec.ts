import { expect, test } from '@playwright/test'
import { imageSize } from 'image-size'
import { routes, site } from './site'

/**
 * What a link preview (Open Graph, Twitter cards), a search engine and a
 * phone's home screen read of the built site, as they read it: over HTTP,
 * from the HTML and the files it names. The pages and _site.yaml say what
 * each must hold.
 */

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key.replace(/[:+]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]
const local = (address: string) => address.replace(site.url, '')

test('every page has a large preview card: a 1200 x 630 JPEG with its size and words, and its JSON-LD trail from the home page', async ({ request }) => {
  for (const { route, page } of routes) {
    const html = await (await request.get(route)).text()
    expect(meta(html, 'twitter:card'), route).toBe('summary_large_image')
    const picture = meta(html, 'og:image')!
    expect(picture, route).toMatch(/\.jpg$/)
    const file = await request.get(local(picture))
    expect(file.headers()['content-type'], `${route}: ${picture}`).toBe('image/jpeg')
    expect(imageSize(await file.body()), `${route}: ${picture}`).toMatchObject({ width: 1200, height: 630 })
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')], route).toEqual(['1200', '630'])
    expect(meta(html, 'og:image:alt'), route).toBe(page.title.replaceAll('&', '&amp;'))

    const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as { '@graph': { '@type': string; name?: string; itemListElement?: { name: string; item: string }[] }[] }
    expect(data['@graph'][0], route).toMatchObject({ '@type': 'Organization', name: site.brand, url: `${site.url}/` })
    const trail = data['@graph'].find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement ?? []
    if (route === '/') expect(trail).toEqual([])
    else {
      expect(trail[0]?.item, route).toBe(`${site.url}/`)
      expect(trail.at(-1), route).toMatchObject({ name: page.title, item: site.url + route })
      // A step between is a page the header's menus name, and it links to this one.
      for (const step of trail.slice(1, -1)) {
        const hub = local(step.item)
        expect(site.header.menus.flatMap((m) => m.links).map((l) => l.href), route).toContain(hub)
        expect(JSON.stringify(routes.find((r) => r.route === hub)!.page.blocks), `${hub} links to ${route}`).toContain(`"${route}"`)
      }
    }
  }
})

test('an audience page sits under the hub that links to it', async ({ request }) => {
  const hub = site.header.menus[0]!.links[0]!.href
  const child = routes.find((r) => r.route !== hub && r.route.split('/').length > 2 && JSON.stringify(routes.find((h) => h.route === hub)!.page.blocks).includes(`"${r.route}"`))!
  const html = await (await request.get(child.route)).text()
  expect(html).toContain(`"item":"${site.url}${hub}"`)
})

test('the sitemap lists every page but those kept from search, each with the day it last changed', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)]
  const listed = routes.filter(({ page }) => !page.noindex).map(({ route }) => `${site.url}${route}`)
  expect(entries.map(([, loc]) => loc).sort()).toEqual(listed.sort())
  expect(routes.some(({ page }) => page.noindex), 'a page kept from search (pages/anim.yaml)').toBe(true)
  for (const { route, page } of routes.filter((r) => r.page.noindex)) {
    expect(await (await request.get(route)).text(), route).toContain('<meta name="robots" content="noindex" />')
    expect(page.noindex).toBe(true)
  }
  for (const [, , day] of entries) expect(Date.parse(day!)).toBeLessThanOrEqual(Date.now())
})

test('favicon.ico, the touch icon and the manifest answer, made from the site\'s mark', async ({ request }) => {
  const ico = await request.get('/favicon.ico')
  expect(ico.status()).toBe(200)
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0])
  const html = await (await request.get('/')).text()
  const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)![1]!
  expect(imageSize(await (await request.get(touch)).body())).toMatchObject({ width: 180, height: 180, type: 'png' })
  const manifest = (await (await request.get(/<link rel="manifest" href="([^"]+)"/.exec(html)![1]!)).json()) as { name: string; theme_color: string; icons: { src: string; sizes: string }[] }
  expect(manifest.name).toBe(site.brand)
  expect(manifest.theme_color).toBe(meta(html, 'theme-color'))
  for (const icon of manifest.icons) {
    const size = imageSize(await (await request.get(icon.src)).body())
    expect(`${size.width}x${size.height}`, icon.src).toBe(icon.sizes)
  }
  expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512'])
})
