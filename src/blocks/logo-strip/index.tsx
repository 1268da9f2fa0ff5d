import type { LogoStripBlock } from '../../generated/schema-types'
import { Reveal } from '../../components/reveal'
import styles from './logo-strip.module.css'

export default function LogoStrip({ heading, names }: LogoStripBlock) {
  return (
    <section className={styles.strip}>
      <Reveal as="h2" effect="zoom" className={styles.heading}>
        {heading}
      </Reveal>
      <ul className={styles.names}>
        {names.map(({ name, style }) => (
          <li key={name} className={styles.name} data-style={style}>
            {name}
          </li>
        ))}
      </ul>
    </section>
  )
}
