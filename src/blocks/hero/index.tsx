import type { HeroBlock } from '../../generated/schema-types'
import { Highlighted } from '../../components/highlighted'
import { LoopingVideo } from '../../components/looping-video'
import { Picture } from '../../components/picture'
import { SiteLink } from '../../components/site-link'
import styles from './hero.module.css'

export default function Hero({ title, highlight, text, backLink, action, image, video, size = 'tall' }: HeroBlock) {
  return (
    <section className={`${styles.hero} ${size === 'short' ? styles.short : ''}`}>
      <div className={styles.media}>
        {image ? <Picture image={image} className={styles.still} priority sizes="100vw" /> : <div className={styles.art} />}
        {video && <LoopingVideo video={video} className={styles.video} />}
      </div>
      <div className={styles.content}>
        {backLink && (
          <SiteLink href={backLink.href} className={styles.back}>
            <span aria-hidden="true">←</span> {backLink.label}
          </SiteLink>
        )}
        <h1 className={styles.title}>
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
