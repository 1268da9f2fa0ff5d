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
  const hydrating = container.hasChildNodes() && container.dataset.route === currentRouteKey(matches)
  keyThisEntry()
  // hydrationData (empty: no route has a loader) tells the router the page
  // was prerendered, so it does not scroll to the top as it starts: a
  // visitor who scrolled before then stays where they are.
  const router = createBrowserRouter(routes, hydrating ? { hydrationData: {} } : undefined)
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <HydrationMarker />
    </StrictMode>
  )
  if (hydrating) {
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

/**
 * Gives this document's history entry a key of its own, the way the router
 * keys the entries it creates. Without one, every full load is the router's
 * "default" entry and they share one saved scroll position: open /about-us
 * by its address after scrolling another page, and it jumped to that page's
 * position. A reload or Back/Forward returns to the same entry, whose state
 * keeps the key, so those still restore the position.
 */
function keyThisEntry() {
  const state = window.history.state as { key?: string } | null
  if (!state?.key) window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '')
}

/** The route the prerenderer wrote the HTML for ("404" for the not-found page). */
function currentRouteKey(matches: ReturnType<typeof matchRoutes>): string {
  const leaf = matches?.at(-1)?.route
  return leaf?.path ?? '404'
}
