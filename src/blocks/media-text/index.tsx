import type { MediaTextBlock } from '../../generated/schema-types'
import { Bullets } from '../../components/bullets'
import { Paragraphs } from '../../components/paragraphs'
import { Picture } from '../../components/picture'
import styles from './media-text.module.css'
import { desktopQuery } from '../../shared/breakpoint'

export default function MediaText({ id, heading, text, bullets, image }: MediaTextBlock) {
  return (
    <section id={id} className={styles.section}>
      <div className={styles.figure}>
        <Picture image={image} className={styles.image} sizes={`${desktopQuery} 50vw, 100vw`} />
      </div>
      <div className={styles.body}>
        <h2 className={styles.heading}>{heading}</h2>
        <Paragraphs text={text} className={styles.text} />
        <Bullets items={bullets} />
      </div>
    </section>
  )
}
