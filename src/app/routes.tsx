import type { ComponentType } from 'react'
import { useLoaderData, type RouteObject } from 'react-router-dom'
import { ErrorPage, PageError } from './error-page'
import { RenderBlocks } from '../render/render-blocks'
import type { PageModule } from '../render/types'
import { catalogueRoute, routeOfPath } from '../shared/routes'

export interface PageHandle {
  title: string
  description: string
  /** Keep the route out of search results (the catalogue is a tool for authors, not content). */
  noindex?: boolean
}

/**
 * The page at a route, ready to draw; rejects with notFound() when there is
 * none. `context` is what the request was made with (the prerenderer's page).
 */
export type LoadPage = (route: string, context: unknown) => Promise<PageModule>

/** The id of the route that draws every page (its loader's data is the page). */
export const pageRouteId = 'page'

const notFoundStatus = { status: 404, statusText: 'Not Found' } as const

/** What a page's loader throws for an address with no page: the router's own 404. */
export function notFound(): Response {
  return new Response(null, notFoundStatus)
}

/** The error the router makes of notFound(), as the app hands it over when it hydrates the prerendered not-found page. */
export const notFoundError = { ...notFoundStatus, internal: false, data: null }

/**
 * Every page is drawn by one route under the shared layout: its loader asks
 * `loadPage` for the page at the address. The app knows no list of routes,
 * so its scripts do not grow with the number of pages: in the browser a
 * page's data comes from the prerendered HTML or its JSON file (page-data.ts);
 * the prerenderer passes the one page it is rendering.
 *
 * `layout` is the shared layout, or in the browser the loader of its chunk.
 * The prerenderer passes the component itself: a dynamic import per page
 * costs the build a round trip through the module loader.
 */
export function createRoutes(loadPage: LoadPage, layout: { Component: ComponentType } | { load: () => Promise<ComponentType> }): RouteObject[] {
  return [
    {
      id: 'root',
      ErrorBoundary: ErrorPage,
      children: [
        {
          id: 'layout',
          ...('load' in layout ? { lazy: async () => ({ Component: await layout.load() }) } : { Component: layout.Component }),
          children: [
            {
              id: pageRouteId,
              path: '*',
              // An address with no page is drawn inside the layout, with the site's header and footer.
              ErrorBoundary: PageError,
              loader: async ({ request, context }) => {
                const route = routeOfPath(new URL(request.url).pathname)
                if (route === undefined) throw notFound()
                return loadPage(route, context)
              },
              Component: PageView,
            },
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

function PageView() {
  const { page, components } = useLoaderData() as PageModule
  return <RenderBlocks blocks={page.blocks} components={components} />
}

/** The title and description of the route a match drew: a page's own, from its data, or a tool route's handle. */
export function headOf(match: { handle?: unknown; data?: unknown } | undefined): PageHandle | undefined {
  if (match?.handle) return match.handle as PageHandle
  const page = (match?.data as PageModule | undefined)?.page
  return page && { title: page.title, description: page.description, ...(page.noindex ? { noindex: true } : {}) }
}
