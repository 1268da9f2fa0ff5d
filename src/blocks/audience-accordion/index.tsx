import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { AudienceAccordionBlock } from '../../generated/schema-types'
import { Icon } from '../../components/icon'
import { Picture } from '../../components/picture'
import { reducedMotionQuery } from '../../motion/constants'
import styles from './audience-accordion.module.css'
import { desktopQuery } from '../../shared/breakpoint'

/**
 * The hub pages' card accordion (WAI-ARIA accordion pattern). Exactly one
 * card is open: activating a closed card's header opens it and closes the
 * other; the open card's header is aria-disabled since it cannot close.
 * Arrow keys, Home and End move between headers.
 */
export default function AudienceAccordion({ id, heading, cards }: AudienceAccordionBlock) {
  const [open, setOpen] = useState(0)
  const headers = useRef<(HTMLButtonElement | null)[]>([])
  const baseId = useId()
  const navigate = useNavigate()

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = cards.length - 1
    const target = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key]
    if (target === undefined) return
    event.preventDefault()
    headers.current[(target + cards.length) % cards.length]?.focus()
  }

  // Read More: back to the top first, so the next page starts where it should.
  const readMore = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    const smooth = !window.matchMedia(reducedMotionQuery).matches
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
    navigate(href)
  }

  return (
    <section id={id} className={styles.section}>
      {heading && <h2 className={styles.heading}>{heading}</h2>}
      <div className={styles.cards}>
        {cards.map((card, i) => {
          const isOpen = i === open
          const headerId = `${baseId}-header-${i}`
          const panelId = `${baseId}-panel-${i}`
          const firstWord = card.title.split(/\s+/)[0] ?? card.title
          return (
            <div key={card.title} className={styles.card} data-open={isOpen || undefined}>
              <Picture image={card.image} className={styles.image} sizes={`${desktopQuery} 50vw, 100vw`} />
              <h3 className={styles.header}>
                <button
                  ref={(el) => {
                    headers.current[i] = el
                  }}
                  id={headerId}
                  type="button"
                  className={styles.trigger}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  aria-disabled={isOpen || undefined}
                  onClick={() => setOpen(i)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                >
                  {card.icon && <Icon name={card.icon} className={styles.icon} />}
                  <span className={styles.word} aria-hidden="true">
                    {firstWord}
                  </span>
                  <span className={styles.fullTitle}>{card.title}</span>
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={headerId} className={styles.panel} hidden={!isOpen}>
                <p className={styles.description}>{card.description}</p>
                <a href={card.href} className={styles.more} onClick={(e) => readMore(e, card.href)}>
                  Read More<span className="visually-hidden"> about {card.title}</span> <span aria-hidden="true">→</span>
                </a>
              </div>
            </div>
          )
        })}
      </div>
    </section>
  )
}
