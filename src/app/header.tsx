import { Link } from 'react-router-dom'
import type { Site } from '../generated/schema-types'
import { SiteLink } from '../components/site-link'
import styles from './header.module.css'

export function Header({ site }: { site: Site }) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          {site.brand}
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.links}>
            {site.header.links.map((link) => (
              <li key={link.label}>
                <SiteLink href={link.href}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  )
}
