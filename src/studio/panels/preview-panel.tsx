import { useEffect, useRef, useSyncExternalStore } from 'react'
import { previewChannel } from '../client/preview-channel.ts'

/**
 * The real page at phone and desktop widths, updated after each edit without
 * problems. With no page open (after a delete, say) the frames are hidden,
 * not emptied: they keep their app, ready for the next page. Both are
 * scaled to share the column's width, so both are in view on a laptop
 * (at 1280 and 1366 px wide the desktop one used to wrap below the fold).
 */
export function PreviewPanel({ pageOpen }: { pageOpen: boolean }) {
  const stale = useSyncExternalStore(previewChannel.subscribeStale, previewChannel.staleCount)
  const shows = useSyncExternalStore(previewChannel.subscribeStale, previewChannel.shows)
  const other = shows === 'other'
  const problems = `${stale} ${stale === 1 ? 'problem' : 'problems'}`
  const notYet = `This page is not shown yet: it has ${problems}, each marked where it is.`
  const frames = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const box = frames.current
    if (!box) return
    const fit = new ResizeObserver(() => fitPreviews(box))
    fit.observe(box)
    return () => fit.disconnect()
  }, [])
  return (
    // Focusable, so a keyboard user can scroll it when the two previews are taller than the window.
    <section className="preview" aria-label="Preview" tabIndex={0}>
      {!pageOpen && <p className="preview-none">No page is open: open one on the left to see it here.</p>}
      {pageOpen && stale > 0 && (
        <p className="banner stale" role="status">
          {shows === 'this'
            ? `Preview not updated: ${problems}. It shows the page as it last was without problems.`
            : other
              ? `${notYet} Until they are fixed, the preview is the page you had open before (greyed).`
              : `${notYet} It appears here once they are fixed.`}
        </p>
      )}
      {/* Greyed whenever they show the page opened before: while this one is first checked too (a second or two after New page), not only once it has problems. */}
      <div ref={frames} className={other ? 'frames other-page' : 'frames'} hidden={!pageOpen}>
        <figure className="phone-figure">
          <figcaption>Phone, 375 px</figcaption>
          <div className="phone-box">
            <iframe title="Preview at 375 pixels" className="phone" src="/preview.html" ref={previewChannel.frame} />
          </div>
        </figure>
        <figure className="desktop-figure">
          <figcaption>Desktop, 1280 px</figcaption>
          <div className="desktop-box">
            <iframe title="Preview at 1280 pixels" className="desktop" src="/preview.html" ref={previewChannel.frame} />
          </div>
        </figure>
      </div>
    </section>
  )
}

/** The share of the column the phone takes; the desktop has the rest. */
const phoneShare = 0.37
const [phoneWidth, desktopWidth] = [375, 1280]
/** The two frames' borders, 1 px each side. */
const borders = 4

/** Each preview's scale, from the column's width now, less its padding and the gap (studio.css draws them with it). At most life size. */
function fitPreviews(box: HTMLElement): void {
  const style = getComputedStyle(box)
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.columnGap) - borders
  box.style.setProperty('--phone-scale', String(Math.min(1, (room * phoneShare) / phoneWidth)))
  box.style.setProperty('--desktop-scale', String(Math.min(1, (room * (1 - phoneShare)) / desktopWidth)))
}
