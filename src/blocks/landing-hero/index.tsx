import { useRef } from 'react'
import type { LandingHeroBlock } from '../../generated/schema-types'
import { Highlighted } from '../../components/highlighted'
import { Backdrop } from '../../components/backdrop'
import { useShownAfterDwell } from '../../motion/connect-delay'
import { useTypewriter } from '../../motion/typewriter'
import { useReducedMotion } from '../../motion/use-reduced-motion'
import styles from './landing-hero.module.css'

export default function LandingHero({ title, highlight, text, typing, image, video, connect }: LandingHeroBlock) {
  const reduced = useReducedMotion()
  const typed = useTypewriter(typing.phrases, { whole: reduced })
  const bottomHeading = useRef<HTMLHeadingElement>(null)
  const connectShown = useShownAfterDwell(bottomHeading)
  return (
    <section className={styles.hero}>
      <Backdrop image={image} video={video} shade={styles.shade} controlClassName={styles.videoControl} />
      <div className={styles.content}>
        <h1 className={styles.title}>
          <Highlighted text={title} highlight={highlight} className={styles.accent} />
        </h1>
        <p className={styles.text}>{text}</p>
        <p className={styles.typing}>
          <span>{typing.prefix} </span>
          {/* Screen readers get the whole list once, not every keystroke. */}
          <span className={styles.typed} aria-hidden="true">
            {typed}
          </span>
          <span className="visually-hidden">{typing.phrases.join(', ')}</span>
        </p>
      </div>
      <div className={styles.bottom}>
        <h2 ref={bottomHeading} className={styles.bottomHeading}>
          {connect.heading}
        </h2>
        <div className={styles.connect} data-shown={connectShown || undefined} aria-hidden={!connectShown} inert={!connectShown}>
          <p className={styles.connectLabel}>{connect.label}</p>
          <p className={styles.connectText}>{connect.text}</p>
        </div>
      </div>
    </section>
  )
}
