import type { StepsBlock } from '../../generated/schema-types'
import { columnGrid } from '../../components/column-grid'
import { gridBlocks } from '../../shared/grid'
import { SectionIntro } from '../../components/section-intro'
import styles from './steps.module.css'

/**
 * A numbered sequence. It stays an <ol> so assistive technology announces
 * each step's position; the drawn numbers come from a CSS counter.
 */
export default function Steps({ id, eyebrow, heading, text, steps, delayedHeading = false }: StepsBlock) {
  return (
    <section id={id} className={styles.section}>
      <SectionIntro eyebrow={eyebrow} heading={heading} text={text} delayed={delayedHeading} />
      <ol {...columnGrid(steps.length, { mid: 3, wide: gridBlocks.steps.widest }, styles.list)}>
        {steps.map((step, i) => (
          <li key={i} className={styles.step}>
            <h3 className={styles.title}>{step.title}</h3>
            <p className={styles.stepText}>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
