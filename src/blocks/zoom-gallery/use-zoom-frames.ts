import { useLayoutEffect, type RefObject } from 'react'
import { watchScrollProgress } from '../../motion/scroll-progress'
import type { Follower } from '../../motion/spring-follower'
import { meterFill, positionAt, slideFrame } from './frames'

/**
 * Paints the gallery's frame for the current scroll position, straight onto
 * the elements marked data-slide, data-shade, data-caption and data-meter
 * (no React render per frame). The first scroll loads the spring that
 * smooths the zoom from then on; until it arrives, frames are painted as
 * they are measured, so nothing waits for it.
 */
export function useZoomFrames(section: RefObject<HTMLElement | null>, count: number, enabled: boolean): void {
  // A layout effect: the first frame is painted before the browser shows
  // the switch from the still grid to the zoom frame.
  useLayoutEffect(() => {
    const root = section.current
    const track = root?.querySelector<HTMLElement>('[data-track]')
    if (!root || !track || !enabled) return
    const paint = painter(root, count)
    let position = 0
    let target = 0
    let follower: Follower | undefined
    let cancelled = false
    let measured = false
    let loading = false
    const stopWatching = watchScrollProgress(track, (progress) => {
      target = positionAt(progress, count)
      if (follower) return follower.to(target)
      position = target
      paint(position)
      // The first measurement is the page as it loaded; anything after it
      // is the visitor scrolling.
      if (measured && !loading) load()
      measured = true
    })
    function load() {
      loading = true
      void import('../../motion/spring-follower').then(({ springFollower }) => {
        if (cancelled) return
        follower = springFollower(position, paint)
        follower.to(target)
      })
    }
    return () => {
      cancelled = true
      stopWatching()
      follower?.stop()
      paint.clear()
    }
  }, [section, count, enabled])
}

/**
 * Writes one frame's styles; the elements are looked up once. `clear`
 * removes them again, for the still grid (reduced motion switched on).
 */
function painter(root: HTMLElement, count: number): ((position: number) => void) & { clear: () => void } {
  const all = (name: string) => [...root.querySelectorAll<HTMLElement>(`[data-${name}]`)]
  const slides = all('slide')
  const shades = all('shade')
  const captions = all('caption')
  const meter = root.querySelector<HTMLElement>('[data-meter]')
  const paint = (position: number) => {
    slides.forEach((slide, i) => {
      const frame = slideFrame(position, i, count)
      const scale = frame.scale.toFixed(4)
      slide.style.transform = `scale(${scale})`
      // Divided by the scale so the corners look the same size throughout.
      slide.style.borderRadius = `calc(var(--frame-radius) / ${scale})`
      slide.style.opacity = frame.opacity.toFixed(3)
      slide.style.visibility = frame.visible ? 'visible' : 'hidden'
      shades[i]?.style.setProperty('opacity', frame.shade.toFixed(3))
      captions[i]?.style.setProperty('opacity', frame.caption.toFixed(3))
    })
    meter?.style.setProperty('transform', `scaleX(${meterFill(position, count).toFixed(4)})`)
  }
  const clear = () => {
    for (const el of [...slides, ...captions]) {
      for (const property of ['transform', 'border-radius', 'opacity', 'visibility']) el.style.removeProperty(property)
    }
  }
  return Object.assign(paint, { clear })
}
