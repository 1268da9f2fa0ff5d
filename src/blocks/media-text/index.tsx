import type { MediaTextBlock } from '../../generated/schema-types'
import { Bullets } from '../../components/bullets'
import { Paragraphs } from '../../components/paragraphs'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import styles from './media-text.module.css'
import { desktopQuery } from '../../shared/breakpoint'

export default function MediaText({ id, heading, text, bullets, image }: MediaTextBlock) {
  return (
    <section id={id} className={styles.section}>
      <Reveal className={styles.figure}>
        <Picture image={image} className={styles.image} sizes={`${desktopQuery} 50vw, 100vw`} />
      </Reveal>
      <Reveal delayMs={120} className={styles.body}>
        <h2 className={styles.heading}>{heading}</h2>
        <Paragraphs text={text} className={styles.text} />
        <Bullets items={bullets} />
      </Reveal>
    </section>
  )
}
