import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { animated, type Interpolation } from '@react-spring/web'
import type { ZoomGalleryBlock } from '../../generated/schema-types'
import { Paragraphs } from '../../components/paragraphs'
import { Picture } from '../../components/picture'
import { Reveal } from '../../components/reveal'
import { motion } from '../../motion/constants'
import { useScrollProgress } from '../../motion/scroll-progress-spring'
import { useReducedMotion } from '../../motion/use-reduced-motion'
import styles from './zoom-gallery.module.css'

/** How small a picture starts before it zooms up to fill the frame. */
const startScale = 0.3
/** How far a picture keeps zooming while the next one covers it. */
const exitZoom = 0.3
/** Scroll held still before the first and after the last zoom, in zooms. */
const holdSteps = 0.25

/**
 * Pictures stacked in a sticky frame; scrolling through the section zooms
 * each one in over the last. The prerendered HTML (and the page without
 * JavaScript, or under reduced motion) is a still grid of every picture:
 * the stacked mode is switched on only after hydration, in an effect.
 */
export default function ZoomGallery({ id, heading, text, images }: ZoomGalleryBlock) {
  const reduced = useReducedMotion()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const zooming = hydrated && !reduced
  const track = useRef<HTMLDivElement>(null)
  const progress = useScrollProgress(track, zooming)
  const count = images.length
  const position = progress.to((p) => clamp(p * (count - 1 + 2 * holdSteps) - holdSteps, 0, count - 1))

  return (
    <section id={id} className={styles.section} data-mode={zooming ? 'zoom' : 'still'} style={{ '--count': count } as CSSProperties}>
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
      <div ref={track} className={styles.track}>
        <div className={styles.frame}>
          <ol className={styles.slides}>
            {images.map(({ image, caption }, i) => (
              <animated.li key={i} className={styles.slide} style={zooming ? slideStyle(position, i, count) : undefined}>
                <figure className={styles.figure}>
                  <Picture image={image} className={styles.image} priority={i === 0} sizes="(min-width: 1216px) 1216px, 100vw" />
                  {zooming && <animated.span className={styles.shade} style={{ opacity: position.to((s) => clamp(s - i, 0, 1) * 0.55) }} aria-hidden="true" />}
                  <animated.figcaption className={styles.caption} style={zooming ? { opacity: position.to((s) => 1 - clamp((s - i) * 4, 0, 1)) } : undefined}>
                    <span className={styles.count} aria-hidden="true">
                      {pad(i + 1)} / {pad(count)}
                    </span>
                    {caption && <span>{caption}</span>}
                  </animated.figcaption>
                </figure>
              </animated.li>
            ))}
          </ol>
          {zooming && (
            <div className={styles.meter} aria-hidden="true">
              <animated.span className={styles.meterFill} style={{ scaleX: position.to((s) => (s + 1) / count) }} />
            </div>
          )}
        </div>
      </div>
    </section>
  )
}

/**
 * Picture i zooms in from small while the position runs from i-1 to i, then
 * zooms on past the frame's edges (under the next picture) from i to i+1.
 * The corner radius is divided by the scale so corners look the same size.
 */
function slideStyle(position: Interpolation<number>, i: number, count: number) {
  const enter = (s: number) => (i === 0 ? 1 : smooth(clamp(s - (i - 1), 0, 1)))
  const leave = (s: number) => (i === count - 1 ? 0 : clamp(s - i, 0, 1))
  const scale = position.to((s) => (startScale + (1 - startScale) * enter(s)) * (1 + exitZoom * leave(s)))
  return {
    zIndex: i + 1,
    transform: scale.to((k) => `scale(${k.toFixed(4)})`),
    borderRadius: scale.to((k) => `calc(var(--frame-radius) / ${k.toFixed(4)})`),
    // Fade in over the first half of the zoom; hidden once fully covered.
    opacity: position.to((s) => Math.min(1, enter(s) * 2)),
    visibility: position.to((s) => (leave(s) >= 1 ? 'hidden' : 'visible')),
  }
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t)
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}
