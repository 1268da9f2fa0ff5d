import type { Site } from '../generated/schema-types'
import { SiteLink } from '../components/site-link'
import { DesktopNav } from './desktop-nav'
import { MobileMenu } from './mobile-menu'
import styles from './header.module.css'

/**
 * The site header. Both navigations are in the HTML and CSS shows the one
 * that fits the screen (desktop from shared/breakpoint.ts's width), so
 * nothing depends on measuring the window while rendering.
 */
export function Header({ site }: { site: Site }) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <SiteLink href="/" className={styles.brand} aria-label={`${site.brand}, home`}>
          <span className={styles.mark} aria-hidden="true" />
          <span>{site.brand}</span>
        </SiteLink>
        <DesktopNav menus={site.header.menus} links={site.header.links} className={styles.desktop} />
        <MobileMenu header={site.header} className={styles.mobile} />
      </div>
    </header>
  )
}
