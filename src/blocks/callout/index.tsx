import type { CalloutBlock } from '../../generated/schema-types'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { TypedLine } from '../../components/typed-line'
import { motion } from '../../motion/constants'
import styles from './callout.module.css'

export default function Callout({ prefix, phrases, text, action }: CalloutBlock) {
  return (
    <section className={styles.callout}>
      <Reveal threshold={motion.inView.callout} className={styles.inner}>
        <TypedLine as="h2" prefix={prefix} phrases={phrases} className={styles.line} prefixClassName={styles.prefix} typedClassName={styles.typed} />
        {text && <p className={styles.text}>{text}</p>}
        <SiteLink href={action.href} className={`button ${styles.button}`}>
          {action.label}
        </SiteLink>
      </Reveal>
    </section>
  )
}
