import type { IntroBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import typography from '../../styles/type.module.css'
import styles from './intro.module.css'

export default function Intro({ id, eyebrow, title, text }: IntroBlock) {
  return (
    <section id={id} className={styles.intro}>
      {eyebrow && <p className={typography.eyebrow}>{eyebrow}</p>}
      <Reveal as="h2" threshold={motion.inView.heading} className={styles.title}>
        {title}
      </Reveal>
      {text && (
        <Reveal delayMs={120}>
          <Paragraphs text={text} className={styles.text} />
        </Reveal>
      )}
    </section>
  )
}
