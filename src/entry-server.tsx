import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { blocks } from 'virtual:blocks'
import site from 'virtual:site'
import { CopyFrame } from './app/frame-part'
import { documentTitle } from './app/head'
import { notFoundDescription, notFoundTitle } from './app/error-page'
import { HydrationMarker } from './app/hydration-marker'
import { Layout } from './app/layout'
import { createRoutes, headOf, notFound } from './app/routes'
import type { Page } from './generated/schema-types'
import { loadPageModule } from './render/page-module'
import { routeOfPath } from './shared/routes'

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

/** What a render asks the router for: the one page it knows, at its route. */
interface PageRequest {
  route: string | undefined
  page?: Page
}

/**
 * One handler for every render (a worker renders thousands of pages): the
 * page travels with each request, as its context, so making the routes
 * again per page is not needed.
 */
const handler = createStaticHandler(
  createRoutes(
    async (at, context) => {
      const { route, page } = context as PageRequest
      if (!page || at !== route) throw notFound()
      return loadPageModule(page, blocks)
    },
    { Component: Layout },
  ),
)

/**
 * Render one URL to HTML, with the status and head values it should have.
 * `page` is the page at that URL, as the build loaded it: the same data the
 * browser reads from the HTML or the page's JSON file, drawn with the
 * components the browser loads for it (render/page-module.ts). Only that
 * page is known to the router: the cost of rendering a page does not grow
 * with the number of pages. Without `page`, the URL is the catalogue or
 * renders the not-found page. `copyFrame`: the header and footer are drawn
 * as markers, for a prerenderer that copies them in (app/frame-part.tsx).
 */
export async function render(url: string, page?: Page, { copyFrame = false } = {}): Promise<Rendered> {
  const address = new URL(url, 'http://localhost')
  const request: PageRequest = { route: routeOfPath(address.pathname), ...(page ? { page } : {}) }
  const context = await handler.query(new Request(address), { requestContext: request })
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${url}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <CopyFrame value={copyFrame}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </CopyFrame>
      <HydrationMarker />
    </StrictMode>,
  )
  const leaf = context.matches.at(-1)
  const handle = headOf(leaf && { handle: leaf.route.handle, data: context.loaderData[leaf.route.id] })
  const status = context.statusCode
  const error = Object.values(context.errors ?? {})[0]
  return {
    ...(error ? { error: error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error) } : {}),
    status,
    html,
    title: documentTitle(handle ? handle.title : status === 404 ? notFoundTitle : 'Error', site.brand),
    description: handle?.description ?? (status === 404 ? notFoundDescription : ''),
    ...(handle?.noindex ? { noindex: true } : {}),
  }
}
