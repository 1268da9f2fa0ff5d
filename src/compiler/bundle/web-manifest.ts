import type { Site } from '../../generated/schema-types.ts'
import { siteIcons } from '../../shared/site-icons.ts'

/**
 * site.webmanifest: the name and icons a phone uses when a visitor adds the
 * site to a home screen. Its colour is index.html's theme-color, so the two
 * never differ; the icons are those public/ has.
 */
export function webManifest(site: Site, media: ReadonlyMap<string, string>, template: string): string {
  const theme = /<meta name="theme-color" content="([^"]+)"/.exec(template)?.[1]
  const icons = [
    { src: siteIcons.small, sizes: '192x192', type: 'image/png' },
    { src: siteIcons.large, sizes: '512x512', type: 'image/png' },
  ].filter((icon) => media.has(icon.src))
  const manifest = { name: site.brand, short_name: site.brand, start_url: '/', scope: '/', display: 'browser', ...(theme ? { theme_color: theme, background_color: theme } : {}), icons }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
