import { useEffect, useRef, useState } from 'react'
import type { Video } from '../generated/schema-types'
import styles from './looping-video.module.css'

/**
 * A silent decorative loop over its still (the poster). The poster is what
 * paints first, and because the frames later replace it in the same element,
 * the largest paint is the still, not the video. Sources are attached only
 * after hydration so the video never competes with the first paint; the
 * <source media> query keeps it from playing at all for visitors who prefer
 * reduced motion. Always muted and inline; a button pauses it (WCAG 2.2.2).
 * The button comes with the sources: before the app starts, and without
 * JavaScript, nothing moves, so there is nothing to pause and no button
 * that would do nothing.
 */
export function LoopingVideo({ video, poster, className, controlClassName }: { video: Video; poster?: string; className?: string; controlClassName?: string }) {
  const ref = useRef<HTMLVideoElement>(null)
  const [attached, setAttached] = useState(false)
  const [paused, setPaused] = useState(false)
  useEffect(() => setAttached(true), [])
  useEffect(() => {
    const el = ref.current
    if (!el || !attached) return
    el.muted = true // React does not reflect `muted` as an attribute; force it.
    el.load()
  }, [attached])
  const toggle = () => {
    const el = ref.current
    if (!el) return
    if (el.paused) void el.play().catch(() => {})
    else el.pause()
  }
  const motionOk = '(prefers-reduced-motion: no-preference)'
  return (
    <>
      <video
        ref={ref}
        className={className}
        poster={poster}
        muted
        autoPlay
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        // The button follows what the video really does (autoplay may be refused).
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      >
        {attached && <source src={video.webm} type="video/webm" media={motionOk} />}
        {attached && <source src={video.mp4} type="video/mp4" media={motionOk} />}
      </video>
      {attached && (
        <button type="button" className={`${styles.toggle} ${controlClassName ?? ''}`} onClick={toggle} aria-pressed={paused}>
          {paused ? 'Play background video' : 'Pause background video'}
        </button>
      )}
    </>
  )
}
