import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * index.html's `<link rel="icon" href="/x.svg">` with the SVG written into
 * the page as a data: URL. The browser asks for the icon while the page is
 * still painting, and on a phone's connection that one request was a
 * twentieth of a second of the largest paint (Lighthouse, /: 1138 -> 1085
 * ms). An SVG icon is a few hundred bytes; a bigger or non-SVG icon, or one
 * missing from public/, is left as a link.
 */
const iconLink = /(<link rel="icon" href=")(\/[^"]+\.svg)("[^>]*>)/

/** Above this, an icon costs the page more than its request would. */
const inlineLimitBytes = 2048

export function inlineIcon(template: string, publicDir: string): string {
  return template.replace(iconLink, (link, open: string, href: string, close: string) => {
    const file = join(publicDir, href)
    if (!existsSync(file)) return link
    const svg = readFileSync(file, 'utf8')
    if (Buffer.byteLength(svg) > inlineLimitBytes) return link
    return `${open}data:image/svg+xml,${svgDataText(svg)}${close}`
  })
}

/** An SVG as a data: URL's text, escaping only what a valid URL or the attribute needs (spaces too): smaller than encodeURIComponent's. */
function svgDataText(svg: string): string {
  return svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(/[%#<>& ]/g, (c) => encodeURIComponent(c))
}
