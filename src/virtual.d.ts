declare module 'virtual:blocks' {
  import type { BlockLoaders } from './render/types'
  /** Block type -> the loader of its component's chunk. */
  export const blocks: BlockLoaders
}

declare module 'virtual:site' {
  import type { Site } from './generated/schema-types'
  const site: Site
  export default site
}

/**
 * True in the dev server (and the tests that run its configuration) and in a
 * build asked for with --catalogue; false in the production build, where the
 * block catalogue's route and chunk are left out (vite-config.ts).
 */
declare const __CATALOGUE__: boolean
/** The NODE_ENV a build's bundle was made for (BundleCache.nodeEnv): its prerender workers must run under the same. */
declare const __BUNDLE_NODE_ENV__: string

declare module 'virtual:catalogue' {
  import type { ComponentType } from 'react'
  /** Every block component, by type. */
  export const components: Record<string, ComponentType<never>>
  /** CatalogueEntry[] from src/shared/catalogue.ts (a declaration cannot import it). */
  export const entries: unknown[]
  /** MediaEntry[] from src/shared/catalogue.ts: the pictures and videos under public/. */
  export const media: unknown[]
}
