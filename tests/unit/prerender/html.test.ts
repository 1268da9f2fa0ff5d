import { describe, expect, it } from 'vitest'
import { escapeHtml, fillTemplate, headTags, pageJson, robots, sitemap, templateRefill } from '../../../src/prerender/html'
import { structuredData } from '../../../src/prerender/structured-data'

/** A page made with `from`, made again with `to`. */
const refillTemplate = (html: string, from: string, to: string) => templateRefill(from, to)?.(html)

const template = '<html><head><title>x</title>\n<meta name="description" content="" /></head><body><div id="root"></div></body></html>'
const rendered = { status: 200, html: '<h1>Hi</h1>', title: 'A "quoted" <title>', description: 'Fish & chips </script>' }

describe('prerendered HTML', () => {
  it('fills title, description, head tags and the app markup, escaping every value', () => {
    const head = headTags(rendered, { url: 'https://site.example/b2b', siteName: 'Site', image: { url: 'https://site.example/a.webp', alt: 'A' } })
    const html = fillTemplate(template, rendered, '/b2b', head)
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;title&gt;</title>')
    expect(html).toContain('<meta name="description" content="Fish &amp; chips &lt;/script&gt;" />')
    expect(html).toContain('<link rel="canonical" href="https://site.example/b2b" />')
    expect(html).toContain('<meta property="og:image" content="https://site.example/a.webp" />')
    expect(html).toContain('<div id="root" data-route="/b2b"><h1>Hi</h1></div>')
    expect(html).not.toContain('</script>')
  })

  it("carries the page's data beside the markup as a JSON block that no text can end early, and the app reads it back as written", () => {
    const data = { title: 'Ends </script><script>alert(1)</script> and <!-- opens', blocks: [{ text: '\u2028 "quoted" & \\ 日本' }] }
    const html = fillTemplate(template, rendered, '/b2b', '', pageJson(data))
    const block = /<script type="application\/json" id="page-data" data-route="\/b2b">([^]*?)<\/script>/.exec(html)
    expect(block, html).not.toBeNull()
    // One script element, closed where the build closed it, and the same data as the page's JSON file.
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(JSON.parse(block![1]!)).toEqual(data)
    expect(JSON.parse(pageJson(data))).toEqual(data)
    expect(block![1]).not.toContain('<')
  })

  it("gives link previews the picture's size and words, a large card when there is a picture, and the page's JSON-LD that no text can end early", () => {
    const info = { url: 'https://site.example/b2b', siteName: 'Site' }
    const withPicture = headTags(rendered, { ...info, image: { url: 'https://site.example/a-share.jpg', width: 1200, height: 630, alt: 'Fish & chips' } })
    expect(withPicture).toContain('<meta property="og:image:width" content="1200" />')
    expect(withPicture).toContain('<meta property="og:image:height" content="630" />')
    expect(withPicture).toContain('<meta property="og:image:alt" content="Fish &amp; chips" />')
    expect(withPicture).toContain('<meta name="twitter:card" content="summary_large_image" />')
    const plain = headTags(rendered, { ...info, image: { url: 'https://site.example/a.webp', alt: 'A' } })
    expect(plain, 'no size claimed for a picture whose size is unknown').not.toContain('og:image:width')
    expect(headTags(rendered, info)).toContain('<meta name="twitter:card" content="summary" />')
    const data = structuredData({ name: 'A </script> B', url: 'https://site.example' }, [
      { name: 'Home', url: 'https://site.example/' },
      { name: 'B2B', url: 'https://site.example/b2b' },
    ])
    const head = headTags(rendered, { ...info, structuredData: data })
    const script = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)
    expect(script, head).not.toBeNull()
    expect(JSON.parse(script![1]!)).toEqual(data)
    expect(data).toMatchObject({ '@graph': [{ '@type': 'Organization', name: 'A </script> B' }, { '@type': 'BreadcrumbList', itemListElement: [{ position: 1, name: 'Home' }, { position: 2, item: 'https://site.example/b2b' }] }] })
    // The home page's trail is itself alone: no list.
    expect((structuredData({ name: 'A', url: 'https://site.example' }, [{ name: 'Home', url: 'https://site.example/' }]) as { '@graph': unknown[] })['@graph']).toHaveLength(1)
  })

  it('asks search engines to skip a route only when the route says so', () => {
    const info = { url: 'https://site.example/blocks', siteName: 'Site' }
    const robots = '<meta name="robots" content="noindex" />'
    expect(headTags({ ...rendered, noindex: true }, info)).toContain(robots)
    expect(headTags(rendered, info)).not.toContain('robots')
  })

  it('fills a page made with one template into another exactly as drawing it there would, whatever its words', () => {
    const built = (css: string) => `<!doctype html>\n<html><head><title>x</title>\n<meta name="description" content="" />\n<link rel="stylesheet" href="/assets/${css}.css">\n</head><body><div id="root"></div>\n<script src="/assets/app.js"></script>\n</body></html>\n`
    // Words that look like the template's own text: tags, the closing of the head and the body, the markers themselves.
    const tricky = {
      status: 200,
      html: '<p>&lt;/head&gt;</p><svg><title>icon</title></svg></body></html>\n<div id="root"></div>',
      title: '</title><meta name="description" content="" />',
      description: '</head><body><div id="root"></div> and <link rel="stylesheet" href="/assets/a.css">',
    }
    for (const rendered of [tricky, { status: 200, html: '', title: '', description: '' }]) {
      for (const head of ['', headTags(rendered, { url: 'https://site.example/</head>', siteName: '</title>', image: { url: 'https://site.example/a.webp', alt: '</head>' }, structuredData: { name: '</head></script>' } })]) {
        const json = pageJson({ title: rendered.title, text: '</script></head></body></html>' })
        const old = fillTemplate(built('a'), rendered, '/b2b', head, json)
        expect(refillTemplate(old, built('a'), built('b'))).toBe(fillTemplate(built('b'), rendered, '/b2b', head, json))
      }
    }
  })

  it('refills nothing it cannot take apart with certainty: another template, a page changed, places in another order', () => {
    const built = (css: string) => `<html><head><title>x</title>\n<meta name="description" content="" />\n<link rel="stylesheet" href="/${css}.css"></head><body><div id="root"></div></body></html>`
    const old = fillTemplate(built('a'), rendered, '/b2b')
    expect(refillTemplate(old, built('c'), built('b'))).toBeUndefined()
    expect(refillTemplate(old.replace('<title>', '<title >'), built('a'), built('b'))).toBeUndefined()
    expect(refillTemplate(`${old}\n`, built('a'), built('b'))).toBeUndefined()
    const rootFirst = '<html><body><div id="root"></div></body><head><title>x</title><meta name="description" content="" /></head></html>'
    expect(refillTemplate(fillTemplate(rootFirst, rendered, '/'), rootFirst, rootFirst.replace('<html>', '<html lang="en">'))).toBeUndefined()
  })

  it('refuses a template that lost a placeholder', () => {
    expect(() => fillTemplate('<html></html>', rendered, '/')).toThrow(/placeholder/)
  })

  it('writes a sitemap and robots.txt', () => {
    const map = sitemap([{ url: 'https://s.example/', lastmod: new Date('2026-11-25T23:30:00Z') }, { url: 'https://s.example/a&b' }])
    expect(map).toContain('<url><loc>https://s.example/</loc><lastmod>2026-11-25</lastmod></url>')
    expect(map).toContain('<url><loc>https://s.example/a&amp;b</loc></url>')
    expect(robots('https://s.example')).toContain('Sitemap: https://s.example/sitemap.xml')
    expect(escapeHtml(`<'&">`)).toBe('&lt;&#39;&amp;&quot;&gt;')
  })
})
