import type { Image, Video } from '../generated/schema-types'
import { LoopingVideo } from './looping-video'
import { Picture } from './picture'
import styles from './backdrop.module.css'

/**
 * The picture (and optional silent loop) behind a hero's text. The still is
 * the largest paint, so it is fetched first with high priority; with a
 * video it is the video's poster, so the frames never count as a later,
 * slower largest paint. The caller's `shade` class darkens it so white text
 * stays readable.
 */
export function Backdrop({ image, video, shade, controlClassName }: { image?: Image; video?: Video; shade?: string; controlClassName?: string }) {
  return (
    <div className={`${styles.backdrop} ${shade ?? ''}`}>
      {/* React hoists this into the page's head in the prerendered HTML. */}
      {image && video && <link rel="preload" as="image" href={image.src} fetchPriority="high" />}
      {video ? (
        <LoopingVideo video={video} poster={image?.src} className={styles.fill} controlClassName={controlClassName} />
      ) : (
        image && <Picture image={image} className={styles.fill} priority sizes="100vw" />
      )}
    </div>
  )
}
