/**
 * The JSON-LD a page carries for search engines (schema.org): who publishes
 * the site, from pages/_site.yaml, and the page's place in the site as a
 * trail of links from the home page. One @graph a page, written by
 * html.ts's headTags.
 */

/** One step of a page's trail: a page's title and its absolute address. */
export interface Crumb {
  name: string
  url: string
}

export interface Publisher {
  name: string
  /** The site's absolute address, without a trailing slash. */
  url: string
  email?: string
  /** Absolute address of the logo picture. */
  logo?: string
}

export function structuredData(publisher: Publisher, trail: readonly Crumb[]): unknown {
  const organization = {
    '@type': 'Organization',
    '@id': `${publisher.url}/#organization`,
    name: publisher.name,
    url: `${publisher.url}/`,
    ...(publisher.logo ? { logo: publisher.logo } : {}),
    ...(publisher.email ? { email: publisher.email } : {}),
  }
  // The home page alone has no trail worth showing: a list of one.
  const breadcrumbs =
    trail.length > 1
      ? [{ '@type': 'BreadcrumbList', itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })) }]
      : []
  return { '@context': 'https://schema.org', '@graph': [organization, ...breadcrumbs] }
}
