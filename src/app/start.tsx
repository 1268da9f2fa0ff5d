import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { HydrationMarker } from './hydration-marker'
import { pages } from 'virtual:pages'
import { createRoutes } from './routes'

/**
 * Mounts the app into #root. Prerendered pages are hydrated: the lazy route
 * modules the URL needs are loaded first, so the first client render matches
 * the HTML exactly. A page whose HTML was prerendered for another route (a
 * static host answering with a fallback page) is rendered fresh instead.
 */
export async function start(container: HTMLElement): Promise<void> {
  const routes = createRoutes(pages, { load: async () => (await import('./layout')).Layout })
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
  const router = createBrowserRouter(routes)
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <HydrationMarker />
    </StrictMode>
  )
  const prerenderedFor = container.dataset.route
  if (container.hasChildNodes() && prerenderedFor === currentRouteKey(matches)) {
    // As a transition, hydration is rendered in slices of a few
    // milliseconds instead of one long task, so the page stays responsive.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('Hydration mismatch:', error),
      })
    })
  }
  else createRoot(container).render(app)
}

/** The route the prerenderer wrote the HTML for ("404" for the not-found page). */
function currentRouteKey(matches: ReturnType<typeof matchRoutes>): string {
  const leaf = matches?.at(-1)?.route
  return leaf?.path ?? '404'
}
