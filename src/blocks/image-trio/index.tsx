import type { ImageTrioBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import styles from './image-trio.module.css'

export default function ImageTrio({ id, heading, text, images, delayedHeading = false }: ImageTrioBlock) {
  return (
    <section id={id} className={styles.section}>
      {(heading || text) && (
        <div className={styles.intro}>
          {heading && (
            <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} delayMs={delayedHeading ? motion.delayedHeadingMs : 0} className={styles.heading}>
              {heading}
            </Reveal>
          )}
          <Paragraphs text={text} className={styles.text} />
        </div>
      )}
      <div className={styles.grid}>
        {images.map(({ image, caption }, i) => (
          <Reveal key={i} className={styles.item}>
            <figure className={styles.figure}>
              <Picture image={image} className={styles.image} sizes={i === 0 ? '(min-width: 769px) 60vw, 100vw' : '(min-width: 769px) 40vw, 100vw'} />
              {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
            </figure>
          </Reveal>
        ))}
      </div>
    </section>
  )
}
