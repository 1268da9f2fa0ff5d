import { useRef } from 'react'
import { animated, type SpringValue } from '@react-spring/web'
import type { AudienceStackBlock } from '../../generated/schema-types'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { motion } from '../../motion/constants'
import { useScrollProgress } from '../../motion/scroll-progress'
import { useReducedMotion } from '../../motion/use-reduced-motion'
import styles from './audience-stack.module.css'

const { scaleStep, offsetPx } = motion.audienceStack

/**
 * Sticky cards, each pinned 25 px lower than the one before, so they pile
 * up as the visitor scrolls; each card shrinks by 0.05 for every card that
 * lands on it. No transforms under reduced motion.
 */
export default function AudienceStack({ id, heading, cards }: AudienceStackBlock) {
  const reduced = useReducedMotion()
  const list = useRef<HTMLOListElement>(null)
  const progress = useScrollProgress(list, !reduced)
  return (
    <section id={id} className={styles.section}>
      <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} className={styles.heading}>
        {heading}
      </Reveal>
      <ol ref={list} className={styles.list}>
        {cards.map((card, i) => (
          <li key={card.title} className={styles.item} style={{ top: `calc(6rem + ${i * offsetPx}px)` }}>
            <animated.article className={styles.card} data-colour={card.colour} style={reduced ? undefined : { scale: scaleFor(progress, i, cards.length) }}>
              <div className={styles.body}>
                <h3 className={styles.title}>{card.title}</h3>
                <p className={styles.description}>{card.description}</p>
                <SiteLink href={card.href} className={styles.more}>
                  See more<span className="visually-hidden"> about {card.title}</span> <span aria-hidden="true">→</span>
                </SiteLink>
              </div>
              <Picture image={card.image} className={styles.image} sizes="(min-width: 769px) 40vw, 90vw" />
            </animated.article>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Card i shrinks by one step for each later card that has stacked onto it. */
function scaleFor(progress: SpringValue<number>, i: number, count: number) {
  return progress.to((p) => {
    const covering = Math.min(count - 1 - i, Math.max(0, p * (count - 1) - i))
    return 1 - covering * scaleStep
  })
}
