import { useId, useRef, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react'
import type { Site } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import { motion } from '../motion/constants'
import styles from './mobile-menu.module.css'

const { closed, openWidth, panelS, buttonS } = motion.menu

/**
 * Durations come from the motion constants; CSS does the animating, so this
 * header (on every page) needs no animation library. The global reduced-
 * motion rule in global.css cuts these transitions to nothing.
 */
const timing = {
  '--panel-duration': `${panelS}s`,
  '--button-duration': `${buttonS}s`,
  '--closed-width': `${closed.width}px`,
  '--closed-height': `${closed.height}px`,
  '--open-width': `${openWidth}px`,
} as CSSProperties

/**
 * The phone menu: a Menu/Close button that grows into a panel (100 x 40 px
 * closed, 375 px wide open) holding accordion groups, one open at a time,
 * and a second plain list. It is all `<details>`: the panel, and the groups
 * sharing a `name`, so it works from the prerendered HTML, before the app
 * starts and without JavaScript. The DOM owns what is open (React never
 * renders `open`), so whatever the visitor opened before hydration stays
 * open. React adds Escape (closes the menu, focus back on its button) and
 * closes the menu when one of its links is followed or keyboard focus leaves it.
 */
export function MobileMenu({ header, className }: { header: Site['header']; className?: string }) {
  const menuRef = useRef<HTMLDetailsElement>(null)
  const group = useId()
  const groups = [...header.menus, ...header.mobile.groups]

  const close = () => {
    const menu = menuRef.current
    if (!menu) return
    menu.open = false
    menu.querySelectorAll('details[open]').forEach((details) => ((details as HTMLDetailsElement).open = false))
  }
  // Keyboard focus moving on to anything outside closes the menu, so it never
  // sits behind the panel (a tap on the panel's own background moves focus to
  // nothing, and keeps it open).
  const onBlur = (event: FocusEvent) => {
    const menu = menuRef.current
    if (menu?.open && event.relatedTarget && !menu.contains(event.relatedTarget as Node)) close()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuRef.current?.open) {
      close()
      menuRef.current.querySelector('summary')?.focus()
    }
  }

  return (
    <div className={`${styles.root} ${className ?? ''}`} style={timing}>
      <details ref={menuRef} className={styles.panel} onKeyDown={onKeyDown} onBlur={onBlur}>
        <summary className={styles.toggle}>
          <span className={styles.word} data-word="menu" aria-hidden="true">
            Menu
          </span>
          <span className={styles.word} data-word="close" aria-hidden="true">
            Close
          </span>
          {/* CSS shows the one that fits the state, so the name is right before the app starts. */}
          <span className={`visually-hidden ${styles.whenClosed}`}>Open menu</span>
          <span className={`visually-hidden ${styles.whenOpen}`}>Close menu</span>
        </summary>
        <div className={styles.content}>
          <div className={styles.inner}>
            <nav aria-label="Menu">
              <ul className={styles.groups}>
                {groups.map((menu) => (
                  <li key={menu.label} className={styles.group}>
                    <details name={group}>
                      <summary className={styles.groupButton}>
                        {menu.label}
                        <span className={styles.plus} aria-hidden="true" />
                      </summary>
                      <LinkList className={styles.links} links={menu.links} onNavigate={close} />
                    </details>
                  </li>
                ))}
              </ul>
            </nav>
            <nav aria-label={header.mobile.list.label} className={styles.list}>
              <h2 className={styles.listHeading}>{header.mobile.list.label}</h2>
              <LinkList links={header.mobile.list.links} onNavigate={close} />
            </nav>
          </div>
        </div>
      </details>
    </div>
  )
}
