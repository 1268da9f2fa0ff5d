import { useEffect, useRef, useState } from 'react'
import type { BuiltVideo } from '../shared/image'
import styles from './looping-video.module.css'

/**
 * A silent decorative loop, drawn over its still (the poster, or a picture
 * its caller puts under it). Sources are attached only
 * after hydration so the video never competes with the first paint; the
 * <source media> query keeps it from playing at all for visitors who prefer
 * reduced motion. Always muted and inline; a button pauses it (WCAG 2.2.2).
 * The button comes with the sources: before the app starts, and without
 * JavaScript, nothing moves, so there is nothing to pause and no button
 * that would do nothing.
 */
export function LoopingVideo({ video, poster, phoneQuery, className, controlClassName }: { video: BuiltVideo; poster?: string; phoneQuery?: string; className?: string; controlClassName?: string }) {
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
        {/* The browser plays the first source whose media matches: a phone its crop. */}
        {attached && video.portrait && phoneQuery && <source src={video.portrait.webm} type="video/webm" media={`${phoneQuery} and ${motionOk}`} />}
        {attached && video.portrait && phoneQuery && <source src={video.portrait.mp4} type="video/mp4" media={`${phoneQuery} and ${motionOk}`} />}
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
