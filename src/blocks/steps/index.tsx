import type { CSSProperties } from 'react'
import type { StepsBlock } from '../../generated/schema-types'
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
      <ol className={styles.list} style={columns(steps.length)}>
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

/** Rows of equal length: up to five steps in one row on wide screens, up to three on medium ones. */
function columns(count: number): CSSProperties {
  const wide = count <= 5 ? count : Math.ceil(count / 2)
  const mid = count <= 3 ? count : count === 4 ? 2 : 3
  return { '--cols-wide': wide, '--cols-mid': mid } as CSSProperties
}
