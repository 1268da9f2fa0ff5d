import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import site from 'virtual:site'
import { documentTitle } from './app/head'
import { HydrationMarker } from './app/hydration-marker'
import { catalogueRoute, pagePaths, routes, type PageHandle } from './app/routes'

export interface Rendered {
  status: number
  html: string
  title: string
  description: string
  /** What went wrong, when a route rendered its error page. */
  error?: string
}

export { pagePaths }

/** Everything to prerender: the pages and the block catalogue. */
export const prerenderPaths = [...pagePaths, catalogueRoute]

/** Render one URL to HTML, with the status and head values it should have. */
export async function render(url: string): Promise<Rendered> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(url, 'http://localhost')))
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
  }
}
