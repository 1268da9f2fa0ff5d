import type { StepsBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import styles from './steps.module.css'

/** An ordered list: the numbers come from the list itself, so screen readers announce them too. */
export default function Steps({ id, eyebrow, heading, text, steps, delayedHeading = false }: StepsBlock) {
  return (
    <section id={id} className={styles.section}>
      <div className={styles.intro}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} delayMs={delayedHeading ? motion.delayedHeadingMs : 0} className={styles.heading}>
          {heading}
        </Reveal>
        <Paragraphs text={text} className={styles.text} />
      </div>
      <ol className={styles.list} style={{ '--steps': steps.length } as React.CSSProperties}>
        {steps.map((step) => (
          <li key={step.title} className={styles.step}>
            <h3 className={styles.title}>{step.title}</h3>
            <p className={styles.stepText}>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
