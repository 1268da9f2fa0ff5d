import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import site from 'virtual:site'
import { documentTitle, useDocumentHead } from './head'
import { SiteLink } from '../components/site-link'
import { mainId } from '../shared/layout-ids'
import type { Link, Menu } from '../generated/schema-types'
import styles from './error-page.module.css'

/**
 * What a visitor reads at an address with no page (or where a page failed
 * to draw). It keeps React Router's default error page's words, as the
 * spec asks ("Unexpected Application Error!" and the status line), inside
 * the site's own header and footer, then says in plain words what happened
 * and where to go on: the header's menus, the audiences and the methods.
 */
export const notFoundTitle = 'Page not found'
export const notFoundDescription = `There is no page at this address on the ${site.brand} site: find our research audiences and methods from here.`

/** The page route's error boundary: the error drawn inside the layout, in its <main>. */
export function PageError() {
  return <ErrorContent />
}

/** The root's, when the layout itself could not be drawn: the error alone, in a <main> of its own. */
export function ErrorPage() {
  return (
    <main className={styles.alone} id={mainId}>
      <ErrorContent />
    </main>
  )
}

function ErrorContent() {
  const error = useRouteError()
  const missing = isRouteErrorResponse(error) && error.status === 404
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error)
  useDocumentHead(missing ? documentTitle(notFoundTitle, site.brand) : documentTitle('Error', site.brand), missing ? notFoundDescription : '')
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <h1 className={styles.title} id="error-title">
        Unexpected Application Error!
      </h1>
      <p className={styles.status}>{detail}</p>
      <p className={styles.sentence}>
        {missing
          ? 'There is no page at this address. It may have moved, or the link that led here may be mistyped. These pages are a good place to go on from:'
          : 'Something went wrong while showing this page. Reload it, or go on from one of these pages:'}
      </p>
      <nav className={styles.ways} aria-label="Where to go from here">
        {site.header.menus.map((menu: Menu) => (
          <div key={menu.label}>
            <h2 className={styles.heading}>{menu.label}</h2>
            <ul>
              {menu.links.map((link: Link) => (
                <li key={link.href + link.label}>
                  <SiteLink href={link.href}>{link.label}</SiteLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p>
        <a className={styles.home} href="/">
          Go to the home page
        </a>
      </p>
    </section>
  )
}
