/**
 * The site's icons and its own link-preview picture, under public/, all
 * made from public/favicon.svg by scripts/media/share-images.ts. index.html
 * links the first two; the build's web manifest lists the PNGs, and a page
 * without a picture of its own is previewed with `sharePicture`.
 */
export const siteIcons = {
  /** For crawlers and old browsers that ask for /favicon.ico whatever the page links. */
  ico: '/favicon.ico',
  /** iOS home screens: opaque, 180 x 180. */
  touch: '/apple-touch-icon.png',
  small: '/icon-192.png',
  large: '/icon-512.png',
} as const

/** 1200 x 630: the size link previews show whole. */
export const sitePreview = { src: '/media/img/site-share.jpg', width: 1200, height: 630 } as const
