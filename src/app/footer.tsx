import type { Site } from '../generated/schema-types'
import { SiteLink } from '../components/site-link'
import styles from './footer.module.css'

export function Footer({ site }: { site: Site }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{site.brand}</p>
          <p className={styles.note}>{site.footer.note}</p>
        </div>
        {site.footer.columns.map((column) => (
          <nav key={column.label} aria-label={column.label} className={styles.column}>
            <h2 className={styles.heading}>{column.label}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <SiteLink href={link.href}>{link.label}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {site.footer.locations && (
          <div className={styles.column}>
            <h2 className={styles.heading}>Locations</h2>
            <ul>
              {site.footer.locations.map((place) => (
                <li key={place}>{place}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <p className={styles.legal}>
        © {site.brand}. All rights reserved.
      </p>
    </footer>
  )
}
