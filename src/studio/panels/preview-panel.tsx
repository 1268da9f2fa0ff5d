import { useSyncExternalStore } from 'react'
import { previewChannel } from '../client/preview-channel.ts'

/** The real page at phone and desktop widths, updated after each edit without problems. */
export function PreviewPanel() {
  const stale = useSyncExternalStore(previewChannel.subscribeStale, previewChannel.staleCount)
  return (
    // Focusable, so a keyboard user can scroll it when the two previews are taller than the window.
    <section className="preview" aria-label="Preview" tabIndex={0}>
      {stale > 0 && (
        <p className="banner stale" role="status">
          Preview not updated: {stale} {stale === 1 ? 'problem' : 'problems'}. It shows the page as it last was without problems.
        </p>
      )}
      <div className="frames">
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
