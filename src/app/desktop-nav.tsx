import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useClickAway } from 'react-use'
import type { Link as LinkData, Menu } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import { SiteLink } from '../components/site-link'
import styles from './desktop-nav.module.css'

/**
 * Drop-down menus for wide screens (disclosure pattern): each menu is a
 * button with aria-expanded; one menu is open at a time; a click outside or
 * Escape closes it, and Escape returns focus to its button.
 */
export function DesktopNav({ menus, links, className }: { menus: Menu[]; links: LinkData[]; className?: string }) {
  const [open, setOpen] = useState<number | null>(null)
  const navRef = useRef<HTMLElement>(null)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const baseId = useId()
  useClickAway(navRef, () => setOpen(null))

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open !== null) {
      buttons.current[open]?.focus()
      setOpen(null)
    }
  }

  return (
    <nav ref={navRef} aria-label="Main" className={`${styles.nav} ${className ?? ''}`} onKeyDown={onKeyDown}>
      <ul className={styles.items}>
        {menus.map((menu, i) => {
          const panelId = `${baseId}-menu-${i}`
          const isOpen = open === i
          return (
            <li key={menu.label} className={styles.item}>
              <button
                ref={(el) => {
                  buttons.current[i] = el
                }}
                type="button"
                className={styles.trigger}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : i)}
              >
                {menu.label}
                <span className={styles.chevron} aria-hidden="true" />
              </button>
              <div id={panelId} className={styles.panel} hidden={!isOpen}>
                <LinkList links={menu.links} linkClassName={styles.panelLink} onNavigate={() => setOpen(null)} />
              </div>
            </li>
          )
        })}
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
