import { useId, type KeyboardEvent, type MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { AudienceAccordionBlock } from '../../generated/schema-types'
import { Icon } from '../../components/icon'
import { Picture } from '../../components/picture'
import { reducedMotionQuery } from '../../motion/constants'
import styles from './audience-accordion.module.css'
import { desktopQuery } from '../../shared/breakpoint'

/**
 * The hub pages' card accordion: one `<details>` per card, all sharing a
 * `name`, so the browser keeps exactly one open and every card works from
 * the prerendered HTML, before the app starts and without JavaScript. The
 * DOM owns which card is open: React renders `open` only for the first card
 * and never changes it, so a card the visitor opened before hydration stays
 * open. React adds what HTML cannot: the open card's header does not close
 * it (one card is always open), and arrow keys, Home and End move between
 * the headers.
 */
export default function AudienceAccordion({ id, heading, cards }: AudienceAccordionBlock) {
  const group = useId()
  const navigate = useNavigate()

  const keepOpen = (event: MouseEvent<HTMLElement>) => {
    if ((event.currentTarget.parentElement as HTMLDetailsElement).open) event.preventDefault()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const headers = [...(event.currentTarget.closest(`.${styles.cards}`)?.querySelectorAll<HTMLElement>(`.${styles.trigger}`) ?? [])]
    const index = headers.indexOf(event.currentTarget)
    const last = headers.length - 1
    const target = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key]
    if (target === undefined) return
    event.preventDefault()
    headers[(target + headers.length) % headers.length]?.focus()
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
          const firstWord = card.title.split(/\s+/)[0] ?? card.title
          return (
            <div key={card.title} className={styles.card}>
              <Picture image={card.image} className={styles.image} sizes={`${desktopQuery} 50vw, 100vw`} />
              {/* The visitor may open another card before hydration: that state is theirs. */}
              <details name={group} open={i === 0} className={styles.details} suppressHydrationWarning>
                <summary className={styles.trigger} onClick={keepOpen} onKeyDown={onKeyDown}>
                  <h3 className={styles.header}>
                    {card.icon && <Icon name={card.icon} className={styles.icon} />}
                    <span className={styles.word} aria-hidden="true">
                      {firstWord}
                    </span>
                    <span className={styles.fullTitle}>{card.title}</span>
                  </h3>
                </summary>
                <div className={styles.panel}>
                  <p className={styles.description}>{card.description}</p>
                  <a href={card.href} className={styles.more} onClick={(e) => readMore(e, card.href)}>
                    Read More<span className="visually-hidden"> about {card.title}</span> <span aria-hidden="true">→</span>
                  </a>
                </div>
              </details>
            </div>
          )
        })}
      </div>
    </section>
  )
}
