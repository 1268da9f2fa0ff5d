import { useRef } from 'react'
import type { LandingHeroBlock } from '../../generated/schema-types'
import { Highlighted } from '../../components/highlighted'
import { Backdrop } from '../../components/backdrop'
import { TypedLine } from '../../components/typed-line'
import { useShownAfterDwell } from '../../motion/connect-delay'
import styles from './landing-hero.module.css'

export default function LandingHero({ title, highlight, text, typing, image, video, connect }: LandingHeroBlock) {
  const bottomHeading = useRef<HTMLHeadingElement>(null)
  const connectShown = useShownAfterDwell(bottomHeading)
  return (
    <section className={styles.hero}>
      <Backdrop image={image} video={video} shade={styles.shade} controlClassName={styles.videoControl} />
      <div className={styles.content}>
        <h1 className={`headline ${styles.title}`}>
          <Highlighted text={title} highlight={highlight} className={styles.accent} />
        </h1>
        <p className={styles.text}>{text}</p>
        <TypedLine as="p" prefix={typing.prefix} phrases={typing.phrases} className={styles.typing} typedClassName={styles.typed} />
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
