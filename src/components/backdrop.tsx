import type { BuiltImage, BuiltVideo } from '../shared/image'
import { desktopMinWidth, desktopQuery } from '../shared/breakpoint'
import { LoopingVideo } from './looping-video'
import { Picture } from './picture'
import styles from './backdrop.module.css'

/** Below the desktop width a hero is a tall box: the still's phone crop fits it. */
const phoneQuery = `(max-width: ${desktopMinWidth - 1}px)`

/**
 * The picture (and optional silent loop) behind a hero's text. The still is
 * the largest paint, so it is fetched first with high priority, and on a
 * phone it is its portrait crop (`x-portrait.webp`, a half of the bytes and
 * sharper there) where one was made. A video plays over the still, and
 * where it does not play (reduced motion, before the app starts) the still
 * shows through. Its frames must stay smaller than the still, or the
 * browser counts them as a later largest paint: on a desktop they are (960
 * x 540 against 1280 x 720), and a phone plays the loop's crop
 * (`x-portrait.webm`, 304 x 540) under its 486 x 864 still. The caller's `shade` class darkens it so
 * white text stays readable.
 */
export function Backdrop({ image, video, shade, controlClassName }: { image?: BuiltImage; video?: BuiltVideo; shade?: string; controlClassName?: string }) {
  return (
    <div className={`${styles.backdrop} ${shade ?? ''}`} data-backdrop="">
      {image && <StillPreloads image={image} />}
      {image && (
        // A <picture>, so React writes no preload of its own for the <img>:
        // on a phone that would fetch the wide still as well as the crop.
        <picture>
          {image.portrait && <source media={phoneQuery} srcSet={image.portrait} />}
          <Picture image={image} className={styles.fill} priority sizes="100vw" />
        </picture>
      )}
      {video && <LoopingVideo video={video} phoneQuery={phoneQuery} className={styles.fill} controlClassName={controlClassName} />}
    </div>
  )
}

/** One preload per screen the still is drawn for; React hoists them into the page's head. */
function StillPreloads({ image }: { image: BuiltImage }) {
  const wide = { href: image.src, imageSrcSet: image.srcset, imageSizes: image.srcset ? '100vw' : undefined }
  if (!image.portrait) return <link rel="preload" as="image" {...wide} fetchPriority="high" />
  return (
    <>
      <link rel="preload" as="image" href={image.portrait} media={phoneQuery} fetchPriority="high" />
      <link rel="preload" as="image" {...wide} media={desktopQuery} fetchPriority="high" />
    </>
  )
}
