import type { BuiltImage } from '../shared/image'

/**
 * An image with its intrinsic size (filled in by the build), so the browser
 * reserves its space before it loads, and its smaller copies in srcset, so
 * `sizes` lets a phone fetch a small file. Below-the-fold images load
 * lazily; `priority` marks the one image that is likely the largest paint.
 * An image with no smaller copies has no srcset, and then no `sizes` either:
 * HTML allows `sizes` only beside `srcset`, and React copies both into the
 * preload it writes for a priority image (`imagesizes` needs `imagesrcset`).
 */
export function Picture({ image, className, priority = false, sizes }: { image: BuiltImage; className?: string; priority?: boolean; sizes?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={image.srcset ? sizes : undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  )
}
