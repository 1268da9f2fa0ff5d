import { useSyncExternalStore } from 'react'
import { previewChannel } from '../client/preview-channel.ts'

/**
 * The real page at phone and desktop widths, updated after each edit without
 * problems. With no page open (after a delete, say) the frames are hidden,
 * not emptied: they keep their app, ready for the next page.
 */
export function PreviewPanel({ pageOpen }: { pageOpen: boolean }) {
  const stale = useSyncExternalStore(previewChannel.subscribeStale, previewChannel.staleCount)
  const shows = useSyncExternalStore(previewChannel.subscribeStale, previewChannel.shows)
  const other = shows === 'other'
  const problems = `${stale} ${stale === 1 ? 'problem' : 'problems'}`
  const notYet = `This page is not shown yet: it has ${problems}, each marked in the form.`
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
      <div className={stale > 0 && other ? 'frames other-page' : 'frames'} hidden={!pageOpen}>
        <figure>
          <figcaption>Phone, 375 px</figcaption>
          <iframe title="Preview at 375 pixels" className="phone" src="/preview.html" ref={previewChannel.frame} />
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
