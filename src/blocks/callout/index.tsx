import type { CalloutBlock } from '../../generated/schema-types'
import { Reveal } from '../../components/reveal'
import { SiteLink } from '../../components/site-link'
import { motion } from '../../motion/constants'
import { useTypewriter } from '../../motion/typewriter'
import { useReducedMotion } from '../../motion/use-reduced-motion'
import styles from './callout.module.css'

export default function Callout({ prefix, phrases, text, action }: CalloutBlock) {
  const reduced = useReducedMotion()
  const typed = useTypewriter(phrases, { whole: reduced })
  return (
    <section className={styles.callout}>
      <Reveal threshold={motion.inView.callout} className={styles.inner}>
        <h2 className={styles.line}>
          <span className={styles.prefix}>{prefix}</span>{' '}
          <span className={styles.typed} aria-hidden="true">
            {typed}
          </span>
          <span className="visually-hidden">{phrases.join(', ')}</span>
        </h2>
        {text && <p className={styles.text}>{text}</p>}
        <SiteLink href={action.href} className={`button ${styles.button}`}>
          {action.label}
        </SiteLink>
      </Reveal>
    </section>
  )
}
