import type { FactsBlock } from '../../generated/schema-types'
import { columnGrid } from '../../components/column-grid'
import { gridBlocks } from '../../shared/grid'
import { SectionIntro } from '../../components/section-intro'
import styles from './facts.module.css'

/** Figures as a description list: each value is described by its label. */
export default function Facts({ id, heading, text, facts, tags, delayedHeading = false }: FactsBlock) {
  return (
    <section id={id} className={styles.section}>
      <div className={styles.inner}>
        <SectionIntro heading={heading} text={text} delayed={delayedHeading} />
        <dl {...columnGrid(facts.length, { narrow: 2, mid: 3, wide: gridBlocks.facts.widest }, styles.facts)}>
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
