import type { TextSectionBlock } from '../../generated/schema-types'
import { Bullets } from '../../components/bullets'
import { Paragraphs } from '../../components/paragraphs'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { motion } from '../../motion/constants'
import typography from '../../styles/type.module.css'
import styles from './text-section.module.css'

export default function TextSection({ id, eyebrow, heading, text, bullets, action, delayedHeading = false, tone = 'plain' }: TextSectionBlock) {
  return (
    <section id={id} className={styles.section} data-tone={tone}>
      <div className={styles.inner}>
        <div className={styles.lead}>
          {eyebrow && <p className={`${typography.eyebrow} ${styles.eyebrow}`}>{eyebrow}</p>}
          <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} delayMs={delayedHeading ? motion.delayedHeadingMs : 0} className={`${typography.sectionHeading} ${styles.heading}`}>
            {heading}
          </Reveal>
        </div>
        <div className={styles.body}>
          <Paragraphs text={text} className={styles.text} />
          <Bullets items={bullets} />
          {action && (
            <SiteLink href={action.href} className={`button ${styles.action}`}>
              {action.label}
            </SiteLink>
          )}
        </div>
      </div>
    </section>
  )
}
