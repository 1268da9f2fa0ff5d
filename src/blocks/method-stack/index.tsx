import { useRef } from 'react'
import { animated, type SpringValue } from '@react-spring/web'
import type { MethodStackBlock } from '../../generated/schema-types'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { useScrollProgress } from '../../motion/scroll-progress'
import { useReducedMotion } from '../../motion/use-reduced-motion'
import styles from './method-stack.module.css'

/**
 * The cards lie on top of each other in a sticky frame; scrolling through
 * the section flips them away one after another, revealing the next. Under
 * reduced motion (and before hydration) the same cards are a plain list.
 */
export default function MethodStack({ id, heading, text, cards, action }: MethodStackBlock) {
  const reduced = useReducedMotion()
  const track = useRef<HTMLDivElement>(null)
  const progress = useScrollProgress(track, !reduced)
  const count = cards.length
  return (
    <section id={id} className={styles.section} data-stacked={!reduced || undefined} style={{ '--cards': count } as React.CSSProperties}>
      <div className={styles.intro}>
        <Reveal as="h2" effect="zoom" className={styles.heading}>
          {heading}
        </Reveal>
        {text && <p className={styles.text}>{text}</p>}
      </div>
      <div ref={track} className={styles.track}>
        <ol className={styles.frame}>
          {cards.map((card, i) => (
            <animated.li key={card.title} className={styles.card} style={reduced ? undefined : flipStyle(progress, i, count)}>
              <div className={styles.cardBody}>
                <p className={styles.count} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')} / {String(count).padStart(2, '0')}
                </p>
                <h3 className={styles.cardTitle}>
                  <SiteLink href={card.href}>{card.title}</SiteLink>
                </h3>
                <p className={styles.cardText}>{card.text}</p>
              </div>
              <Picture image={card.image} className={styles.image} sizes="(min-width: 769px) 40vw, 90vw" />
            </animated.li>
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

/** Card i flips up and away during its share of the scroll; the last stays. */
function flipStyle(progress: SpringValue<number>, i: number, count: number) {
  const share = 1 / count
  const local = progress.to((p) => (i === count - 1 ? 0 : Math.min(1, Math.max(0, (p - i * share) / share))))
  return {
    zIndex: count - i,
    transform: local.to((t) => `perspective(1400px) translateY(${-t * 18}%) rotateX(${t * 70}deg) scale(${1 - t * 0.1})`),
    opacity: local.to((t) => 1 - t * t),
  }
}
