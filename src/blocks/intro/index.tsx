import type { IntroBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import typography from '../../styles/type.module.css'
import styles from './intro.module.css'

export default function Intro({ id, eyebrow, title, text }: IntroBlock) {
  return (
    <section id={id} className={styles.intro}>
      {eyebrow && <p className={typography.eyebrow}>{eyebrow}</p>}
      <h2 className={styles.title}>{title}</h2>
      <Paragraphs text={text} className={styles.text} />
    </section>
  )
}
