import type { TableBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import styles from './table.module.css'

export default function Table({ id, heading, text, columns, rows, note }: TableBlock) {
  return (
    <section id={id} className={styles.section}>
      <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} className={styles.heading}>
        {heading}
      </Reveal>
      <Paragraphs text={text} className={styles.text} />
      <Reveal>
        <div className={styles.scroller} tabIndex={0} role="region" aria-label={heading}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Reveal>
      {note && <p className={styles.note}>{note}</p>}
    </section>
  )
}
