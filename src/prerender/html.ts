import type { Rendered } from '../entry-server'
import { pageDataId } from '../shared/layout-ids.ts'

import { escapeHtml } from '../shared/escape-html.ts'

export { escapeHtml }

export interface HeadInfo {
  /** Absolute canonical address of the page. */
  url: string
  /** The page's preview picture, when it has one: its absolute address, its size when known, and words for it. */
  image?: { url: string; width?: number; height?: number; alt: string }
  siteName: string
  /** The page's structured data (structured-data.ts): JSON-LD, one script of it. */
  structuredData?: unknown
}

/**
 * Canonical link, Open Graph and Twitter card tags for one page, and its
 * JSON-LD; every value escaped. A route that asks for it (the block
 * catalogue, /anim) also gets a robots noindex: leaving it out of the
 * sitemap does not stop a search engine that finds it.
 */
export function headTags(rendered: Pick<Rendered, 'title' | 'description' | 'noindex'>, info: HeadInfo): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`
  const image = info.image
  return [
    ...(rendered.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<link rel="canonical" href="${escapeHtml(info.url)}" />`,
    meta('og:type', 'website'),
    meta('og:site_name', info.siteName),
    meta('og:title', rendered.title),
    meta('og:description', rendered.description),
    meta('og:url', info.url),
    ...(image
      ? [meta('og:image', image.url), ...(image.width && image.height ? [meta('og:image:width', String(image.width)), meta('og:image:height', String(image.height))] : []), meta('og:image:alt', image.alt)]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    ...(info.structuredData === undefined ? [] : [`<script type="application/ld+json">${JSON.stringify(info.structuredData).replaceAll('<', '\\u003c')}</script>`]),
  ].join('\n    ')
}

const markers = {
  title: /<title>[^<]*<\/title>/,
  description: /<meta name="description" content="[^"]*" \/>/,
  root: '<div id="root"></div>',
} as const

/**
 * Put a rendered route into the built index.html. Fails loudly if the
 * template no longer has the places it fills, rather than writing pages
 * without content.
 */
export function fillTemplate(template: string, rendered: Rendered, routeKey: string, head = '', json?: string): string {
  for (const [name, marker] of Object.entries(markers)) {
    const found = typeof marker === 'string' ? template.includes(marker) : marker.test(template)
    if (!found) throw new Error(`index.html has lost its ${name} placeholder; prerendering needs it.`)
  }
  return template
    .replace(markers.title, () => `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(markers.description, () => `<meta name="description" content="${escapeHtml(rendered.description)}" />${head ? `\n    ${head}` : ''}`)
    .replace(markers.root, () => `<div id="root" data-route="${escapeHtml(routeKey)}">${rendered.html}</div>${json === undefined ? '' : `\n    ${dataScript(json, routeKey)}`}`)
}

/**
 * For pages made with the template `from` (fillTemplate's output): each
 * made again with the template `to`, its filled parts (title, description
 * with the head tags, the app's markup with the page's data) kept as they
 * are: what drawing the page into `to` would give, when only the template
 * changed (a stylesheet's or script's hashed name after a change to styles
 * alone). The templates are taken apart once, for a build that refills
 * thousands of pages. Undefined when either template lacks its places in
 * order; the function's answer is undefined for a page that cannot be taken
 * apart with certainty, which is then drawn.
 *
 * Why the parts are found without doubt: the title and the description's
 * values are escaped, so no "<" of theirs can start a tag. The title's part
 * ends at its first "</title>"; the description's part is followed by the
 * template's text up to the app's place, which holds "</head>", and nothing
 * before it can; the app's part runs up to the template's last text, which
 * ends the page.
 */
export function templateRefill(from: string, to: string): ((html: string) => string | undefined) | undefined {
  const was = literalsOf(from)
  const now = literalsOf(to)
  if (!was || !now || !was[2].includes('</head>')) return undefined
  return (html) => refill(html, was, now)
}

function refill(html: string, was: TemplateLiterals, now: TemplateLiterals): string | undefined {
  const [head, betweenTitleAndDescription, beforeRoot, tail] = was
  if (!html.startsWith(head) || !html.endsWith(tail)) return undefined
  const titleEnd = html.indexOf('</title>', head.length) + '</title>'.length
  if (titleEnd < head.length + '<title></title>'.length || !html.startsWith('<title>', head.length) || !html.startsWith(betweenTitleAndDescription, titleEnd)) return undefined
  const descriptionAt = titleEnd + betweenTitleAndDescription.length
  const rootMarkup = html.indexOf(beforeRoot, descriptionAt)
  const rootAt = rootMarkup + beforeRoot.length
  if (rootMarkup < 0 || !html.startsWith('<meta name="description"', descriptionAt) || !html.startsWith('<div id="root"', rootAt) || rootAt > html.length - tail.length) return undefined
  const parts = [html.slice(head.length, titleEnd), html.slice(descriptionAt, rootMarkup), html.slice(rootAt, html.length - tail.length)]
  return now[0] + parts[0] + now[1] + parts[1] + now[2] + parts[2] + now[3]
}

/** A template's text before its title, between title and description, between description and the app, and after the app. */
type TemplateLiterals = [string, string, string, string]

/** The template's text around its three places, when they come in the order the head and body put them: title, description, the app. */
function literalsOf(template: string): TemplateLiterals | undefined {
  const title = markers.title.exec(template)
  const description = markers.description.exec(template)
  const root = template.indexOf(markers.root)
  if (!title || !description || root < 0) return undefined
  const titleEnd = title.index + title[0].length
  const descriptionEnd = description.index + description[0].length
  if (!(titleEnd <= description.index && descriptionEnd <= root)) return undefined
  return [template.slice(0, title.index), template.slice(titleEnd, description.index), template.slice(descriptionEnd, root), template.slice(root + markers.root.length)]
}

/**
 * The page's data (its JSON text) for the app to start from (src/app/page-data.ts), as a
 * JSON data block: the browser never runs it, and the only character that
 * could end it early, "<", is written as the JSON escape \u003c, which
 * JSON.parse turns back into the author's "<".
 */
function dataScript(json: string, route: string): string {
  return `<script type="application/json" id="${pageDataId}" data-route="${escapeHtml(route)}">${json.replaceAll('<', '\\u003c')}</script>`
}

/** A page's data as its JSON file holds it. */
export function pageJson(data: unknown): string {
  return JSON.stringify(data)
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()
/** That JSON as the bytes its file holds (UTF-8): how the build holds every page at once (see loadedPage). */
export const pageDataBytes = (json: string): Uint8Array => encoder.encode(json)
/** Those bytes as the JSON text again. */
export const pageDataText = (data: Uint8Array): string => decoder.decode(data)

/** The first picture a page shows, for link previews. */
export function previewImage(page: { blocks: readonly unknown[] } | undefined): string | undefined {
  for (const block of page?.blocks ?? []) {
    const image = (block as { image?: { src?: string } }).image
    if (image?.src) return image.src
  }
  return undefined
}

/** sitemap.xml for the given pages: each one's absolute address, and the day it last changed when known. */
export function sitemap(entries: readonly { url: string; lastmod?: Date }[]): string {
  const lines = entries.map(({ url, lastmod }) => `  <url><loc>${escapeHtml(url)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`
}

export function robots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
