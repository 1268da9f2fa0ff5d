import type { Image, Video } from '../generated/schema-types'
import { LoopingVideo } from './looping-video'
import { Picture } from './picture'
import styles from './backdrop.module.css'

/**
 * The picture (and optional silent loop) behind a hero's text. The still is
 * the likely largest paint, so it loads first and with high priority; the
 * caller's `shade` class darkens it so white text stays readable.
 */
export function Backdrop({ image, video, shade, controlClassName }: { image?: Image; video?: Video; shade?: string; controlClassName?: string }) {
  return (
    <div className={`${styles.backdrop} ${shade ?? ''}`}>
      {image && <Picture image={image} className={styles.fill} priority sizes="100vw" />}
      {video && <LoopingVideo video={video} className={styles.fill} controlClassName={controlClassName} />}
    </div>
  )
}
