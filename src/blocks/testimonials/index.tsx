import type { TestimonialsBlock } from '../../generated/schema-types'
import { columnVars } from '../../components/columns'
import { gridBlocks } from '../../shared/grid'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import styles from './testimonials.module.css'

export default function Testimonials({ heading, items }: TestimonialsBlock) {
  return (
    <section className={styles.section}>
      <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} className={styles.heading}>
        {heading}
      </Reveal>
      <ul className={styles.grid} style={columnVars(items.length, { wide: gridBlocks.testimonials.widest })}>
        {items.map((item, i) => (
          <Reveal as="li" key={item.name} threshold={motion.inView.testimonials} delayMs={i * 120} className={styles.card}>
            <figure className={styles.figure}>
              <blockquote className={styles.quote}>
                <p className={styles.headline}>“{item.quote}”</p>
                <p className={styles.text}>{item.text}</p>
              </blockquote>
              <figcaption className={styles.person}>
                <Picture image={item.image} className={styles.avatar} />
                <span>
                  <span className={styles.name}>{item.name}</span>
                  <span className={styles.role}>{item.title}</span>
                </span>
              </figcaption>
            </figure>
          </Reveal>
        ))}
      </ul>
    </section>
  )
}
