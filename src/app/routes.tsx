import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router-dom'
import { ErrorPage } from './error-page'
import { RenderBlocks } from '../render/render-blocks'
import type { PageModule } from '../render/types'
import { catalogueRoute } from '../shared/routes'

export interface PageHandle {
  title: string
  description: string
  /** Keep the route out of search results (the catalogue is a tool for authors, not content). */
  noindex?: boolean
}

/** Route path -> the loader of that page's data and block components. */
export type PageLoaders = Record<string, () => Promise<PageModule>>

/**
 * Every route sits under the shared layout, which is loaded on demand. In
 * the browser each page's data arrives in its own chunk when the route is
 * first visited (start.tsx passes every page's loader); the prerenderer
 * passes only the page it is rendering, with its data already in hand, so
 * rendering one page never walks through every route of the site.
 *
 * `layout` is the shared layout, or in the browser the loader of its chunk.
 * The prerenderer passes the component itself: a dynamic import per page
 * costs the build a round trip through the module loader.
 */
export function createRoutes(pages: PageLoaders, layout: { Component: ComponentType } | { load: () => Promise<ComponentType> }): RouteObject[] {
  return [
  {
    id: 'root',
    ErrorBoundary: ErrorPage,
    children: [
      {
        id: 'layout',
        ...('load' in layout ? { lazy: async () => ({ Component: await layout.load() }) } : { Component: layout.Component }),
        children: [
          ...Object.entries(pages).map(([path, load]): RouteObject => ({
            path,
            lazy: async () => {
              const { page, components } = await load()
              const handle: PageHandle = { title: page.title, description: page.description }
              return { handle, Component: () => <RenderBlocks blocks={page.blocks} components={components} /> }
            },
          })),
          // A tool for authors, not for visitors: in the production build the
          // constant is false, so the route and its chunk are not built at all.
          ...(__CATALOGUE__
            ? [
                {
                  path: catalogueRoute,
                  lazy: async () => {
                    const handle: PageHandle = { title: 'Block catalogue', description: 'Every block a page can use, with the YAML that makes it.', noindex: true }
                    return { handle, Component: (await import('./catalogue-page')).CataloguePage }
                  },
                },
              ]
            : []),
        ],
      },
    ],
  },
  ]
}
