import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router-dom'
import { HydrationMarker } from './hydration-marker'
import { loadPage } from './page-data'
import { createRoutes, notFoundError, pageRouteId } from './routes'
import { routeOfPath } from '../shared/routes'

/**
 * Mounts the app into #root. Prerendered pages are hydrated: the route
 * modules and the page the URL needs are loaded first and handed to the
 * router, so the first client render matches the HTML exactly. A page whose
 * HTML was prerendered for another route (a static host answering with a
 * fallback page) is rendered fresh instead.
 */
export async function start(container: HTMLElement): Promise<void> {
  const routes = createRoutes(loadPage, { load: async () => (await import('./layout')).Layout })
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
  const state = container.hasChildNodes() ? await prerenderedState(matches, container.dataset.route) : undefined
  keyThisEntry()
  // hydrationData tells the router the page was prerendered, so it neither
  // loads the page again nor scrolls to the top as it starts: a visitor who
  // scrolled before then stays where they are.
  const router = createBrowserRouter(routes, state ? { hydrationData: state } : undefined)
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <HydrationMarker />
    </StrictMode>
  )
  if (state) {
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
 * What the router would have found at this address, if it is what the HTML
 * was prerendered from (`prerendered`: the route it was written for, or
 * "404" for the not-found page, which a server sends only for an address
 * with no page); undefined if the HTML shows something else.
 */
async function prerenderedState(matches: ReturnType<typeof matchRoutes>, prerendered: string | undefined): Promise<HydrationState | undefined> {
  const leaf = matches?.at(-1)?.route
  if (leaf?.id !== pageRouteId) return leaf && prerendered === leaf.path ? {} : undefined
  // The not-found page, as the router draws it: its 404 at the page route's error boundary, inside the layout.
  if (prerendered === '404') return { errors: { [pageRouteId]: notFoundError } }
  const route = routeOfPath(window.location.pathname)
  if (route === undefined || route !== prerendered) return undefined
  // From the data the HTML carries: nothing is fetched.
  const page = await loadPage(route).catch(() => undefined)
  return page && { loaderData: { [pageRouteId]: page } }
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
