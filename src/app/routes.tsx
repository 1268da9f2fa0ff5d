import type { RouteObject } from 'react-router-dom'
import { pages } from 'virtual:pages'
import { ErrorPage } from './error-page'
import { RenderBlocks } from '../render/render-blocks'

/** The block catalogue's address; pages/ cannot use it (the check says so). */
export const catalogueRoute = '/blocks'

export interface PageHandle {
  title: string
  description: string
}

/**
 * Every route sits under the shared layout, which is loaded on demand; each
 * page's data arrives in its own chunk when the route is first visited.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: ErrorPage,
    children: [
      {
        id: 'layout',
        lazy: async () => ({ Component: (await import('./layout')).Layout }),
        children: [
          ...Object.entries(pages).map(([path, load]): RouteObject => ({
            path,
            lazy: async () => {
              const { page, components } = await load()
              const handle: PageHandle = { title: page.title, description: page.description }
              return { handle, Component: () => <RenderBlocks blocks={page.blocks} components={components} /> }
            },
          })),
          {
            path: catalogueRoute,
            lazy: async () => {
              const handle: PageHandle = { title: 'Block catalogue', description: 'Every block a page can use, with the YAML that makes it.' }
              return { handle, Component: (await import('./catalogue-page')).CataloguePage }
            },
          },
        ],
      },
    ],
  },
]

/** Route paths with a page, for the prerenderer and the sitemap. */
export const pagePaths = Object.keys(pages)
