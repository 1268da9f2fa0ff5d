import type { Image } from '../generated/schema-types'

/**
 * An image with its intrinsic size (filled in by the build), so the browser
 * reserves its space before it loads. Below-the-fold images load lazily;
 * `priority` marks the one image that is likely the largest paint.
 */
export function Picture({ image, className, priority = false, sizes }: { image: Image; className?: string; priority?: boolean; sizes?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  )
}
