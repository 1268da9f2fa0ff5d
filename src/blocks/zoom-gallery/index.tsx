import { useRef, type CSSProperties } from 'react'
import type { ZoomGalleryBlock } from '../../generated/schema-types'
import { columnGrid } from '../../components/column-grid'
import { gridBlocks } from '../../shared/grid'
import { Paragraphs } from '../../components/paragraphs'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import { useMotionAfterHydration } from '../../motion/use-reduced-motion'
import { useZoomFrames } from './use-zoom-frames'
import styles from './zoom-gallery.module.css'

/**
 * Pictures stacked in a sticky frame; scrolling through the section zooms
 * each one in over the last. The prerendered HTML (and the page without
 * JavaScript, or under reduced motion) is a still grid of every picture:
 * the stacked mode is switched on only after hydration, in an effect. The
 * frames themselves are painted by useZoomFrames, outside React.
 */
export default function ZoomGallery({ id, heading, text, images }: ZoomGalleryBlock) {
  const zooming = useMotionAfterHydration()
  const section = useRef<HTMLElement>(null)
  const count = images.length
  useZoomFrames(section, count, zooming)
  // The still grid: the first picture wide, the others in even rows.
  const { ownRow, widest } = gridBlocks['zoom-gallery']
  const grid = columnGrid(count - ownRow, { narrow: 2, mid: widest }, styles.slides)

  return (
    <section ref={section} id={id} className={styles.section} data-mode={zooming ? 'zoom' : 'still'} style={{ '--count': count, ...grid.style } as CSSProperties}>
      {(heading || text) && (
        <div className={styles.intro}>
          {heading && (
            <Reveal as="h2" effect="zoom" threshold={motion.inView.headingZoom} className={styles.heading}>
              {heading}
            </Reveal>
          )}
          <Paragraphs text={text} className={styles.text} />
        </div>
      )}
      <div className={styles.track} data-track>
        <div className={styles.frame}>
          <ol className={grid.className}>
            {images.map(({ image, caption }, i) => (
              <li key={i} className={styles.slide} data-slide style={zooming ? { zIndex: i + 1 } : undefined}>
                <figure className={styles.figure}>
                  <Picture image={image} className={styles.image} priority={i === 0} sizes="(min-width: 1216px) 1216px, 100vw" />
                  {zooming && <span className={styles.shade} data-shade aria-hidden="true" />}
                  <figcaption className={styles.caption} data-caption>
                    <span className={styles.count} aria-hidden="true">
                      {pad(i + 1)} / {pad(count)}
                    </span>
                    {caption && <span>{caption}</span>}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ol>
          {zooming && (
            <div className={styles.meter} aria-hidden="true">
              <span className={styles.meterFill} data-meter />
            </div>
          )}
        </div>
      </div>
    </section>
  )
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}
