import type { Site } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import { NewsletterForm } from './newsletter-form'
import { builtInSignup } from '../shared/form-endpoint'
import styles from './footer.module.css'

/**
 * The site footer. The newsletter sign-up posts to the service named in
 * pages/_site.yaml, or with none named to the site's own (/api/signup).
 */
export function Footer({ site }: { site: Site }) {
  const { newsletter, columns, locations, note } = site.footer
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{site.brand}</p>
          <p className={styles.note}>{note}</p>
          <NewsletterForm newsletter={newsletter} endpoint={newsletter.endpoint ?? builtInSignup} />
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
