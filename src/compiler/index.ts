/**
 * The compiler as scripts, the studio's server and tests use it: load and
 * check a project's pages, check one page's text as it is typed, and the
 * files under public/ as pages see them. Modules inside src/compiler import
 * each other directly; code outside it imports the site's loading from here,
 * so what it relies on is written down in one place.
 */
export { projectPaths, siteFile, sharedFile, listFiles, type ProjectPaths } from './site/project-paths.ts'
export { loadSite, loadSiteOnCores, loadSiteShell, type LoadedSite, type LoadedPage } from './site/load-site.ts'
export { checkSite, type SiteCheck } from './site/check-site.ts'
export { reloadPage } from './site/reload-page.ts'
export { sameMembers } from './site/cross-page-rules.ts'
export { checkPageSource, checkAgainstSite, type ComparablePage, type PageContext } from './site/page-checks.ts'
export { checkSharedSource } from './site/shared-blocks.ts'
export { resolvePage, anchorsOf } from './site/resolve-page.ts'
export { listMedia, authorMedia, addImageSizes, visitMedia } from './site/public-media.ts'
export { withStaleGenerated } from './codegen/schema-hash.ts'
