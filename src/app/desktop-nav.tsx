import { useEffect, useId, useRef } from 'react'
import type { Link as LinkData, Menu } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import { SiteLink } from '../components/site-link'
import styles from './desktop-nav.module.css'

/**
 * Drop-down menus for wide screens: each is a `<details>` sharing one
 * `name`, so the browser keeps one open at a time and the menus work from
 * the prerendered HTML, before the app starts and without JavaScript. The
 * DOM owns which one is open (React never renders `open`), so a menu opened
 * before hydration stays open. React adds what HTML cannot: a click outside,
 * Escape (focus returns to the menu's button) or keyboard focus leaving a
 * menu closes it, and so does following one of its links.
 */
export function DesktopNav({ menus, links, className }: { menus: Menu[]; links: LinkData[]; className?: string }) {
  const navRef = useRef<HTMLElement>(null)
  const group = useId()

  useEffect(() => {
    const nav = navRef.current
    if (!nav) return
    const openMenus = () => [...nav.querySelectorAll<HTMLDetailsElement>('details[open]')]
    const onPointerDown = (event: PointerEvent) => {
      openMenus().forEach((menu) => !menu.contains(event.target as Node) && (menu.open = false))
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      openMenus().forEach((menu) => {
        menu.open = false
        if (menu.contains(document.activeElement)) menu.querySelector('summary')?.focus()
      })
    }
    const onFocusOut = (event: FocusEvent) => {
      const menu = (event.target as Element).closest('details')
      // relatedTarget is null when focus leaves the page (another window): that keeps the menu.
      if (menu?.open && event.relatedTarget && !menu.contains(event.relatedTarget as Node)) menu.open = false
    }
    document.addEventListener('pointerdown', onPointerDown)
    nav.addEventListener('keydown', onKeyDown)
    nav.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      nav.removeEventListener('keydown', onKeyDown)
      nav.removeEventListener('focusout', onFocusOut)
    }
  }, [])

  const closeAll = () => navRef.current?.querySelectorAll('details').forEach((menu) => (menu.open = false))

  return (
    <nav ref={navRef} aria-label="Main" className={`${styles.nav} ${className ?? ''}`}>
      <ul className={styles.items}>
        {menus.map((menu) => (
          <li key={menu.label} className={styles.item}>
            <details name={group} className={styles.menu}>
              <summary className={styles.trigger}>
                {menu.label}
                <span className={styles.chevron} aria-hidden="true" />
              </summary>
              <div className={styles.panel}>
                <LinkList links={menu.links} linkClassName={styles.panelLink} onNavigate={closeAll} />
              </div>
            </details>
          </li>
        ))}
        {links.map((link) => (
          <li key={link.label} className={styles.item}>
            <SiteLink href={link.href} className={styles.link}>
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
