import type { FactsBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import styles from './facts.module.css'

/** Figures as a description list: each value is described by its label. */
export default function Facts({ id, heading, text, facts, tags, delayedHeading = false }: FactsBlock) {
  return (
    <section id={id} className={styles.section}>
      <div className={styles.inner}>
        <div className={styles.intro}>
          <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} delayMs={delayedHeading ? motion.delayedHeadingMs : 0} className={styles.heading}>
            {heading}
          </Reveal>
          <Paragraphs text={text} className={styles.text} />
        </div>
        <dl className={styles.facts}>
          {facts.map((fact, i) => (
            <div key={i} className={styles.fact}>
              <dt className={styles.label}>{fact.label}</dt>
              <dd className={styles.value}>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {tags && (
          <div className={styles.tags}>
            <p className={styles.tagsLabel}>{tags.label}</p>
            <ul className={styles.tagList}>
              {tags.items.map((tag, i) => (
                <li key={i} className={styles.tag}>
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  )
}
