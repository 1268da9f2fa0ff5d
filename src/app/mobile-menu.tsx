import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { animated, useSpring } from '@react-spring/web'
import { useMeasure } from 'react-use'
import type { Site } from '../generated/schema-types'
import { LinkList } from '../components/link-list'
import { motion } from '../motion/constants'
import { useReducedMotion } from '../motion/use-reduced-motion'
import styles from './mobile-menu.module.css'

const { closed, openWidth, panelS, buttonS } = motion.menu

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
  const reduced = useReducedMotion()
  const groups = [...header.menus, ...header.mobile.groups]

  const { progress } = useSpring({ progress: open ? 1 : 0, config: { duration: panelS * 1000 }, immediate: reduced })
  const { label } = useSpring({ label: open ? 1 : 0, config: { duration: buttonS * 1000 }, immediate: reduced })

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
      <animated.div
        className={styles.panel}
        data-open={open || undefined}
        style={{
          width: progress.to((p) => `calc(${closed.width}px + (min(${openWidth}px, 100vw - 1.5rem) - ${closed.width}px) * ${p})`),
          height: progress.to((p) => `${closed.height + contentHeight * p}px`),
        }}
      >
        <button ref={toggleRef} type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
          <animated.span className={styles.word} style={{ opacity: label.to((v) => 1 - v), transform: label.to((v) => `translateY(${-v * 100}%)`) }} aria-hidden={open}>
            Menu
          </animated.span>
          <animated.span className={styles.word} style={{ opacity: label, transform: label.to((v) => `translateY(${(1 - v) * 100}%)`) }} aria-hidden={!open}>
            Close
          </animated.span>
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
      </animated.div>
    </div>
  )
}
