import type { MediaFile } from '../shared/api.ts'

/** A picture or video of the site as a small tile with its file name: the inside of a picker's button. */
export function MediaThumb({ media }: { media: MediaFile }) {
  return (
    <>
      {media.kind === 'video' ? <video src={media.path} muted preload="metadata" /> : <img src={media.path} alt="" loading="lazy" />}
      <span>{media.path.split('/').pop()}</span>
    </>
  )
}
