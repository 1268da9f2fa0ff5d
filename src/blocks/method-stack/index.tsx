import { useRef, type CSSProperties } from 'react'
import type { MethodStackBlock } from '../../generated/schema-types'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { stickyProgressOf, useScrollProgressVar } from '../../motion/scroll-progress'
import { flippingDeckFront, useFocusBringsCardToFront } from '../../motion/focus-in-front'
import { useMotionAfterHydration } from '../../motion/use-reduced-motion'
import styles from './method-stack.module.css'
import { desktopQuery } from '../../shared/breakpoint'

/**
 * The cards lie on top of each other in a sticky frame; scrolling through
 * the section flips them away one after another, revealing the next. How
 * far the frame has travelled while it sticks reaches CSS as --progress and
 * the stylesheet computes each card's flip, so no animation code loads, and
 * the track ends where the frame does (no empty screen after the stack).
 * Before hydration, without JavaScript and under reduced motion the same
 * cards are a plain list: stacked, all but the first would stay hidden.
 */
export default function MethodStack({ id, heading, text, cards, action }: MethodStackBlock) {
  const stacked = useMotionAfterHydration()
  const frame = useRef<HTMLOListElement>(null)
  useScrollProgressVar(frame, stacked, stickyProgressOf)
  useFocusBringsCardToFront(frame, stacked, flippingDeckFront)
  const count = cards.length
  return (
    <section id={id} className={styles.section} data-stacked={stacked || undefined} style={{ '--cards': count } as CSSProperties}>
      <div className={styles.intro}>
        <Reveal as="h2" effect="zoom" className={styles.heading}>
          {heading}
        </Reveal>
        {text && <p className={styles.text}>{text}</p>}
      </div>
      <div className={styles.track}>
        <ol ref={frame} className={styles.frame}>
          {cards.map((card, i) => (
            <li key={card.title} className={styles.card} style={{ '--i': i } as CSSProperties}>
              <div className={styles.cardBody}>
                <p className={styles.count} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')} / {String(count).padStart(2, '0')}
                </p>
                <h3 className={styles.cardTitle}>
                  <SiteLink href={card.href}>{card.title}</SiteLink>
                </h3>
                <p className={styles.cardText}>{card.text}</p>
              </div>
              <Picture image={card.image} className={styles.image} sizes={`${desktopQuery} 40vw, 90vw`} />
            </li>
          ))}
        </ol>
      </div>
      {action && (
        <p className={styles.action}>
          <SiteLink href={action.href} className="button">
            {action.label}
          </SiteLink>
        </p>
      )}
    </section>
  )
}
