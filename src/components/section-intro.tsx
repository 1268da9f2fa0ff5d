import { motion } from '../motion/constants'
import { Paragraphs } from './paragraphs'
import { Reveal } from './reveal'
import typography from '../styles/type.module.css'
import styles from './section-intro.module.css'

/**
 * The opening of a section: an optional eyebrow, a heading that zooms in
 * once a fifth of it is visible (100 ms late when `delayed`), and text.
 * On a dark section, set --intro-text to a light colour.
 */
export function SectionIntro({ eyebrow, heading, text, delayed = false }: { eyebrow?: string; heading?: string; text?: string; delayed?: boolean }) {
  if (!heading && !text) return null
  return (
    <div className={styles.intro}>
      {eyebrow && <p className={typography.eyebrow}>{eyebrow}</p>}
      {heading && (
        <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} delayMs={delayed ? motion.delayedHeadingMs : 0} className={`${typography.sectionHeading} ${styles.heading}`}>
          {heading}
        </Reveal>
      )}
      <Paragraphs text={text} className={styles.text} />
    </div>
  )
}
