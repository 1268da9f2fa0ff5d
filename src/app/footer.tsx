import type { Site } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import { NewsletterForm, NewsletterMailto } from './newsletter-form'
import styles from './footer.module.css'

/**
 * The site footer. The newsletter sign-up posts to the service named in
 * pages/_site.yaml; with none named, the footer offers the contact address
 * instead (newsletter-form.tsx).
 */
export function Footer({ site }: { site: Site }) {
  const { newsletter, columns, locations, note } = site.footer
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{site.brand}</p>
          <p className={styles.note}>{note}</p>
          {newsletter.endpoint ? (
            <NewsletterForm newsletter={newsletter} endpoint={newsletter.endpoint} />
          ) : (
            site.contact && <NewsletterMailto newsletter={newsletter} contact={site.contact} />
          )}
        </div>
        <div className={styles.columns}>
          {columns.map((column) => (
            <nav key={column.label} aria-label={column.label} className={styles.column}>
              <h2 className={styles.heading}>{column.label}</h2>
              <LinkList links={column.links} />
            </nav>
          ))}
          {locations && (
            <div className={styles.column}>
              <h2 className={styles.heading}>Locations</h2>
              <ul>
                {locations.map((place) => (
                  <li key={place}>{place}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      <p className={styles.legal}>© {site.brand}. All rights reserved.</p>
    </footer>
  )
}
