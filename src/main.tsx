/**
 * The entry: as small as it can be. It holds the site's styles (linked in
 * the page head by the build) and starts the app once the first paint is
 * done; React, the router and the page's blocks load then, and the brand
 * font (src/app/brand-font.ts) is fetched for the next page.
 */
import { afterFirstPaint } from './app/after-first-paint'
import { fetchBrandFont } from './app/brand-font'
import { rootId } from './shared/layout-ids'
import './styles/global.css'

const container = document.getElementById(rootId)
if (container) {
  void afterFirstPaint()
    .then(() => (fetchBrandFont(), import('./app/start')))
    .then(({ start }) => start(container))
} else console.error(`Cannot start the site: the page has no element with id "${rootId}" to mount into.`)
