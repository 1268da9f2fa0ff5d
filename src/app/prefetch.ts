import { inViewMs } from './link-timing'
import { prefetchPage } from './page-data'

/**
 * Instant links: the next page's data and block chunks are fetched before
 * the visitor follows its link, so the tap only swaps the page.
 *
 * - A link about to be followed (hovered, touched, focused, pressed) is
 *   fetched at once, ahead of the rest.
 * - A link in the page's content that has stayed in view for a moment is
 *   queued, and the queue is fetched a few at a time when the browser is
 *   idle, the latest seen first: a page whose Read More links are on the
 *   screen has their pages ready by the tap. (The header's and footer's
 *   links are fetched only when pointed at: the header's are in view on
 *   every page, and fetching them first held up the links read.)
 * - Nothing is fetched ahead on a connection that asks to save data or is
 *   2G: there the tap alone fetches, as a full load would.
 *
 * Each route is fetched once (page-data.ts keeps what came); a failure is
 * tried again by the tap itself.
 */

/** How many queued pages are fetched at once: the visitor's own requests keep the rest of the connection. */
const atOnce = 3

const asked = new Set<string>()
const queue: string[] = []
let running = 0

interface NetworkInformation {
  saveData?: boolean
  effectiveType?: string
}

/** The visitor's connection asks for no fetching ahead: Save-Data, or 2G. */
function sparing(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '')
}

/** The route a link leads to, without its #section (the page is the same). */
const pageOf = (href: string) => href.split('#')[0]!.split('?')[0]!

/** Takes `route` out of the queue; answers whether it was there (not yet fetched). */
function unqueue(route: string): boolean {
  const queued = queue.indexOf(route)
  if (queued >= 0) queue.splice(queued, 1)
  return queued >= 0
}

/** Fetch the page behind a link the visitor is about to follow: at once, even when it waits in the queue. */
export function prefetchNow(href: string): void {
  const route = pageOf(href)
  if (!unqueue(route) && (asked.has(route) || sparing())) return
  asked.add(route)
  void prefetchPage(route)
}

function queueRoute(href: string): void {
  const route = pageOf(href)
  if (asked.has(route) || sparing()) return
  asked.add(route)
  queue.push(route)
  pump()
}

function pump(): void {
  while (running < atOnce && queue.length) {
    // The latest seen first: the links on the screen now, not those scrolled past.
    const route = queue.pop()!
    running++
    // When idle, but not later than 200 ms: a page with a playing video and animations is seldom idle on a slow phone.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1))
    idle(
      () => {
        void prefetchPage(route).finally(() => {
          running--
          pump()
        })
      },
      { timeout: 200 },
    )
  }
}

const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>()
let observer: IntersectionObserver | undefined

/** Queue `link`'s page once it has been in view for a moment; returns the function that stops watching it. */
export function prefetchWhenSeen(link: HTMLAnchorElement): () => void {
  if (typeof IntersectionObserver === 'undefined' || !link.closest('main')) return () => {}
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const target = entry.target as HTMLAnchorElement
      clearTimeout(timers.get(target))
      if (!entry.isIntersecting) {
        // Scrolled away before its turn: the links on the screen go first.
        const route = pageOf(target.getAttribute('href') ?? '')
        if (unqueue(route)) asked.delete(route)
        continue
      }
      timers.set(
        target,
        setTimeout(() => queueRoute(target.getAttribute('href') ?? ''), inViewMs),
      )
    }
  })
  observer.observe(link)
  return () => {
    clearTimeout(timers.get(link))
    observer?.unobserve(link)
  }
}
