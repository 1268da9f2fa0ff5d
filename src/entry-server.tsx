import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { components } from 'virtual:catalogue'
import site from 'virtual:site'
import { documentTitle } from './app/head'
import { HydrationMarker } from './app/hydration-marker'
import { Layout } from './app/layout'
import { createRoutes, type PageHandle } from './app/routes'
import type { Page } from './generated/schema-types'
import type { PageModule } from './render/types'

export interface Rendered {
  status: number
  html: string
  title: string
  description: string
  /** What went wrong, when a route rendered its error page. */
  error?: string
  /** The route asks search engines not to index it (PageHandle.noindex). */
  noindex?: boolean
}

export { catalogueRoute } from './shared/routes'

/** The page at a URL as the build loaded it, and the block types it uses (page-module.ts's blockTypesOf). */
export interface PageToRender {
  page: Page
  blockTypes: readonly string[]
}

/**
 * Render one URL to HTML, with the status and head values it should have.
 * `page` is the page at that URL, as the build loaded it (the same data its
 * chunk holds in the browser), rendered with the components of exactly the
 * block types its chunk imports. Only that route is known to the router:
 * the cost of rendering a page does not grow with the number of pages.
 * Without `page`, the URL is the catalogue or renders the not-found page.
 */
export async function render(url: string, page?: PageToRender): Promise<Rendered> {
  const address = new URL(url, 'http://localhost')
  const loaders = page
    ? { [address.pathname]: async (): Promise<PageModule> => ({ page: page.page, components: Object.fromEntries(page.blockTypes.map((type) => [type, components[type]])) }) }
    : {}
  const handler = createStaticHandler(createRoutes(loaders, { Component: Layout }))
  const context = await handler.query(new Request(address))
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${url}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <HydrationMarker />
    </StrictMode>,
  )
  const handle = context.matches.at(-1)?.route.handle as PageHandle | undefined
  const status = context.statusCode
  const error = Object.values(context.errors ?? {})[0]
  return {
    ...(error ? { error: error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error) } : {}),
    status,
    html,
    title: handle ? documentTitle(handle.title, site.brand) : status === 404 ? 'Page not found' : 'Error',
    description: handle?.description ?? '',
    ...(handle?.noindex ? { noindex: true } : {}),
  }
}
