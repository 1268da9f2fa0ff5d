import { useId, type KeyboardEvent, type MouseEvent } from 'react'
import type { AudienceAccordionBlock } from '../../generated/schema-types'
import { Icon } from '../../components/icon'
import { Picture } from '../../components/picture'
import { SiteLink } from '../../components/site-link'
import { reducedMotionQuery } from '../../motion/constants'
import styles from './audience-accordion.module.css'
import type { BuiltImage } from '../../shared/image'
import { cardPictureSizes } from './picture-sizes'

/**
 * The hub pages' card accordion: one radio button per card, all in one
 * group, each card's title its label. A radio group is the HTML that keeps
 * exactly one of its items chosen: a click on the chosen one leaves it
 * chosen, so from the prerendered HTML on, before the app starts and without
 * JavaScript, one card is always open (a `<details>` group let the open card
 * be closed, leaving none). The arrow keys move between the cards and open
 * them, as they do in any radio group; the group is one stop for Tab, which
 * then goes on to the open card's Read More. The DOM owns which card is open:
 * React renders `defaultChecked` for the first card and never changes it, so
 * a card opened before hydration stays open. React adds Home and End, Enter
 * (which a radio ignores), and Read More's scroll to the top.
 */
export default function AudienceAccordion({ id, heading, cards }: AudienceAccordionBlock) {
  const group = useId()

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const radios = [...(event.currentTarget.closest(`.${styles.cards}`)?.querySelectorAll<HTMLInputElement>(`.${styles.radio}`) ?? [])]
    const target = { Home: radios[0], End: radios.at(-1), Enter: event.currentTarget }[event.key]
    if (!target) return
    event.preventDefault()
    target.focus()
    target.click()
  }

  // Read More: back to the top first, so the next page starts where it should; SiteLink then follows it (its page fetched ahead).
  const readMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    const smooth = !window.matchMedia(reducedMotionQuery).matches
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
  }

  return (
    <section id={id} className={styles.section}>
      {heading && (
        <h2 id={`${group}-heading`} className={styles.heading}>
          {heading}
        </h2>
      )}
      <div className={styles.cards} role="radiogroup" {...(heading ? { 'aria-labelledby': `${group}-heading` } : { 'aria-label': 'Audiences' })}>
        {cards.map((card, i) => {
          const firstWord = card.title.split(/\s+/)[0] ?? card.title
          const radio = `${group}-${i}`
          return (
            <div key={card.title} className={styles.card}>
              {/* The visitor may open another card before hydration: that state is theirs. */}
              <input type="radio" name={group} id={radio} className={styles.radio} defaultChecked={i === 0} onKeyDown={onKeyDown} suppressHydrationWarning />
              <Picture image={card.image} className={styles.image} sizes={cardPictureSizes(cards.length, aspectOf(card.image))} />
              <h3 className={styles.header}>
                <label htmlFor={radio} className={styles.trigger}>
                  {card.icon && <Icon name={card.icon} className={styles.icon} />}
                  <span className={styles.word} aria-hidden="true">
                    {firstWord}
                  </span>
                  <span className={styles.fullTitle}>{card.title}</span>
                </label>
              </h3>
              <div className={styles.panel}>
                <p className={styles.description}>{card.description}</p>
                <SiteLink href={card.href} className={styles.more} onClick={readMore}>
                  Read More<span className="visually-hidden"> about {card.title}</span> <span aria-hidden="true">→</span>
                </SiteLink>
              </div>
            </div>
          )
        })}
      </div>
    </section>
  )
}

/** Width over height, as the build read it from the file (4:3 when it could not). */
function aspectOf(image: BuiltImage): number {
  return image.width && image.height ? image.width / image.height : 4 / 3
}
