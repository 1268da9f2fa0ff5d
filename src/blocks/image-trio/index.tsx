import type { ImageTrioBlock } from '../../generated/schema-types'
import { SectionIntro } from '../../components/section-intro'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import styles from './image-trio.module.css'
import { desktopQuery } from '../../shared/breakpoint'

export default function ImageTrio({ id, heading, text, images, delayedHeading = false }: ImageTrioBlock) {
  return (
    <section id={id} className={styles.section}>
      <SectionIntro heading={heading} text={text} delayed={delayedHeading} />
      <div className={styles.grid}>
        {images.map(({ image, caption }, i) => (
          <Reveal key={i} className={styles.item}>
            <figure className={styles.figure}>
              <Picture image={image} className={styles.image} sizes={i === 0 ? `${desktopQuery} 60vw, 100vw` : `${desktopQuery} 40vw, 100vw`} />
              {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
            </figure>
          </Reveal>
        ))}
      </div>
    </section>
  )
}
