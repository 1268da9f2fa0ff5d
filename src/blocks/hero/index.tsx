import type { HeroBlock } from '../../generated/schema-types'
import { Highlighted } from '../../components/highlighted'
import { Backdrop } from '../../components/backdrop'
import { SiteLink } from '../../components/site-link'
import styles from './hero.module.css'

export default function Hero({ title, highlight, text, backLink, action, image, video, size = 'tall' }: HeroBlock) {
  return (
    <section className={`${styles.hero} ${size === 'short' ? styles.short : ''}`}>
      {/* Without a picture the shade itself is the artwork: a gradient. */}
      <Backdrop image={image} video={video} shade={image ? styles.shade : styles.art} />
      <div className={styles.content}>
        {backLink && (
          <SiteLink href={backLink.href} className={styles.back}>
            <span aria-hidden="true">←</span> {backLink.label}
          </SiteLink>
        )}
        <h1 className={`headline ${styles.title}`}>
          <Highlighted text={title} highlight={highlight} className={styles.accent} />
        </h1>
        {text && <p className={styles.text}>{text}</p>}
        {action && (
          <SiteLink href={action.href} className="button">
            {action.label}
          </SiteLink>
        )}
      </div>
    </section>
  )
}
