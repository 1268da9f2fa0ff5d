import { useRef, type CSSProperties } from 'react'
import type { AudienceStackBlock } from '../../generated/schema-types'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { motion } from '../../motion/constants'
import { useScrollProgressVar } from '../../motion/scroll-progress'
import { stickyPileFront, useFocusBringsCardToFront } from '../../motion/focus-in-front'
import { useReducedMotion } from '../../motion/use-reduced-motion'
import styles from './audience-stack.module.css'
import { desktopQuery } from '../../shared/breakpoint'
import { cardColours } from '../../shared/card-colours'

const { scaleStep, offsetPx } = motion.audienceStack

/**
 * Sticky cards, each pinned 25 px lower than the one before, so they pile
 * up as the visitor scrolls; each card shrinks by 0.05 for every card that
 * lands on it (computed in CSS from --progress). No transforms under reduced
 * motion.
 */
export default function AudienceStack({ id, heading, cards }: AudienceStackBlock) {
  const reduced = useReducedMotion()
  const list = useRef<HTMLOListElement>(null)
  useScrollProgressVar(list, !reduced)
  useFocusBringsCardToFront(list, true, stickyPileFront)
  return (
    <section id={id} className={styles.section}>
      <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} className={styles.heading}>
        {heading}
      </Reveal>
      <ol
        ref={list}
        className={styles.list}
        data-moving={!reduced || undefined}
        style={{ '--count': cards.length, '--scale-step': scaleStep, '--strip': `${offsetPx}px` } as CSSProperties}
      >
        {cards.map((card, i) => (
          <li key={card.title} className={styles.item} style={{ top: `calc(6rem + ${i * offsetPx}px)`, '--i': i } as CSSProperties}>
            <article className={styles.card} style={{ '--card-background': cardColours[card.colour].background, '--card-text': cardColours[card.colour].text } as CSSProperties}>
              {/* What a card covered by the next one still shows: its title, in the strip left in sight. */}
              <p className={styles.strip} aria-hidden="true">
                {card.title}
              </p>
              <div className={styles.body}>
                <h3 className={styles.title}>{card.title}</h3>
                <p className={styles.description}>{card.description}</p>
                <SiteLink href={card.href} className={styles.more}>
                  See more<span className="visually-hidden"> about {card.title}</span> <span aria-hidden="true">→</span>
                </SiteLink>
              </div>
              <Picture image={card.image} className={styles.image} sizes={`${desktopQuery} 40vw, 90vw`} />
            </article>
          </li>
        ))}
      </ol>
    </section>
  )
}
