import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { useMeasure } from 'react-use'
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
  '--open-width': `min(${openWidth}px, 100vw - 1.5rem)`,
} as CSSProperties

/**
 * The phone menu: a Menu/Close button that grows into a panel (100 x 40 px
 * closed, 375 px wide open) holding accordion groups, one open at a time,
 * and a second plain list. Escape closes it and returns focus to the button.
 */
export function MobileMenu({ header, className }: { header: Site['header']; className?: string }) {
  const [open, setOpen] = useState(false)
  const [group, setGroup] = useState<number | null>(null)
  const [measureRef, { height: contentHeight }] = useMeasure<HTMLDivElement>()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const groups = [...header.menus, ...header.mobile.groups]

  const close = () => {
    setOpen(false)
    setGroup(null)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      close()
      toggleRef.current?.focus()
    }
  }

  return (
    <div className={`${styles.root} ${className ?? ''}`} onKeyDown={onKeyDown}>
      <div className={styles.panel} data-open={open || undefined} style={{ ...timing, height: open ? closed.height + contentHeight : closed.height }}>
        <button ref={toggleRef} type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
          <span className={styles.word} data-word="menu" aria-hidden="true">
            Menu
          </span>
          <span className={styles.word} data-word="close" aria-hidden="true">
            Close
          </span>
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <div id={panelId} className={styles.content} inert={!open} aria-hidden={!open}>
          <div ref={measureRef} className={styles.inner}>
            <nav aria-label="Menu">
              <ul className={styles.groups}>
                {groups.map((menu, i) => {
                  const expanded = group === i
                  const listId = `${panelId}-group-${i}`
                  return (
                    <li key={menu.label} className={styles.group}>
                      <button type="button" className={styles.groupButton} aria-expanded={expanded} aria-controls={listId} onClick={() => setGroup(expanded ? null : i)}>
                        {menu.label}
                        <span className={styles.plus} aria-hidden="true" />
                      </button>
                      <LinkList id={listId} className={styles.links} hidden={!expanded} links={menu.links} onNavigate={close} />
                    </li>
                  )
                })}
              </ul>
            </nav>
            <nav aria-label={header.mobile.list.label} className={styles.list}>
              <h2 className={styles.listHeading}>{header.mobile.list.label}</h2>
              <LinkList links={header.mobile.list.links} onNavigate={close} />
            </nav>
          </div>
        </div>
      </div>
    </div>
  )
}
