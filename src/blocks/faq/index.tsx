import { useId } from 'react'
import type { FaqBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { SectionIntro } from '../../components/section-intro'
import styles from './faq.module.css'

/**
 * Questions and answers as native <details>: they open by click, Enter or
 * Space, and without JavaScript. With `open: one` they share a name, so the
 * browser closes the open one when another opens.
 */
export default function Faq({ id, eyebrow, heading, text, open = 'many', items }: FaqBlock) {
  const group = useId()
  return (
    <section id={id} className={styles.section}>
      <SectionIntro eyebrow={eyebrow} heading={heading} text={text} />
      <div className={styles.list}>
        {items.map((item, i) => (
          <details key={i} className={styles.item} name={open === 'one' ? group : undefined}>
            <summary className={styles.question}>{item.question}</summary>
            <div className={styles.answer}>
              <Paragraphs text={item.answer} />
            </div>
          </details>
        ))}
      </div>
    </section>
  )
}
