import { useId } from 'react'
import type { Site } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import styles from './footer.module.css'

/**
 * The site footer. The email field is a real, labelled email input; the
 * form has no action and sending it does nothing (the spec shows no
 * handler), so no address ever leaves the page.
 */
export function Footer({ site }: { site: Site }) {
  const emailId = useId()
  const { newsletter, columns, locations, note } = site.footer
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{site.brand}</p>
          <p className={styles.note}>{note}</p>
          <form className={styles.form} onSubmit={(event) => event.preventDefault()} aria-label={newsletter.label}>
            <label htmlFor={emailId} className={styles.formLabel}>
              {newsletter.label}
            </label>
            <div className={styles.field}>
              <input id={emailId} type="email" name="email" placeholder={newsletter.placeholder} autoComplete="email" className={styles.input} />
              <button type="submit" className={`button ${styles.send}`}>
                {newsletter.button}
              </button>
            </div>
          </form>
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
