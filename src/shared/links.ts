/**
 * Link rules for page content. Every href is parsed with the URL parser, never
 * matched with a pattern: browsers normalise "JAVASCRIPT:", "/\evil.example"
 * and friends in ways patterns miss.
 */
export type LinkVerdict =
  | { kind: 'internal'; route: string; hash: string }
  | { kind: 'placeholder' }
  | { kind: 'external' }
  | { kind: 'unsafe' }

const base = 'https://site.invalid'
const externalProtocols = new Set(['https:', 'mailto:', 'tel:'])

export function classifyLink(href: string): LinkVerdict {
  if (href === '#') return { kind: 'placeholder' }
  if (href !== href.trim() || href === '') return { kind: 'unsafe' }
  let url: URL
  try {
    url = new URL(href, base)
  } catch {
    return { kind: 'unsafe' }
  }
  if (url.origin === base && href.startsWith('/') && !href.startsWith('//')) {
    // "/\evil.example" parses as protocol-relative in browsers; the parser
    // tells us by resolving it to another host, caught by the origin check.
    if (url.search) return { kind: 'unsafe' }
    return { kind: 'internal', route: normaliseRoute(url.pathname), hash: url.hash }
  }
  if (url.origin === base && href.startsWith('#')) return { kind: 'internal', route: '', hash: url.hash }
  if (url.origin !== base && externalProtocols.has(url.protocol) && href.toLowerCase().startsWith(url.protocol)) {
    return { kind: 'external' }
  }
  return { kind: 'unsafe' }
}

/** A link to a page already in the form routes have ("/", "/b2b/smes", with a #part or not): most links, read without a URL parsed. */
const plainRoute = /^(\/(?:[\w-]+(?:\/[\w-]+)*)?)(?:#|$)/

/**
 * The route a link goes to, as classifyLink reads it ("/b2b/smes/#sizes"
 * goes to "/b2b/smes", "#sizes" to "", the page itself), or the link
 * without its #part when it goes to no page of this site: the rules across
 * pages compare where pages link to by this.
 */
export function linkedRoute(href: string): string {
  const plain = plainRoute.exec(href)
  if (plain) return plain[1]!
  const verdict = classifyLink(href)
  return verdict.kind === 'internal' ? verdict.route : href.split('#')[0]!
}

function normaliseRoute(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}
