import { createContext, useContext, useEffect, useMemo, useRef, type ComponentProps, type MouseEvent, type ReactNode } from 'react'
import { useNavigate, type NavigateFunction } from 'react-router-dom'
import { classifyLink } from '../shared/links'

type AnchorProps = { href: string } & Omit<ComponentProps<'a'>, 'href'>

/**
 * A link from page data: site routes navigate client-side, external links
 * open safely (rel="noopener noreferrer"). "#" is a placeholder for a link
 * the site does not have yet ('Get quotation', Contact, Insights): it
 * renders as a disabled link, an <a> without href, which shows its label,
 * goes nowhere and never moves the page (an href="#" would scroll to the
 * top). role="link" with aria-disabled tells assistive technology what it
 * is, a link not available yet, and tells crawlers (Lighthouse's
 * crawlable-anchors audit) that it is not a broken one.
 */
export function SiteLink({ href, ...props }: AnchorProps) {
  const verdict = classifyLink(href)
  if (verdict.kind === 'internal' && verdict.route) return <RouteLink href={href} {...props} />
  if (verdict.kind === 'external' && href.startsWith('https:')) {
    return <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
  }
  if (verdict.kind === 'unsafe') return <span {...props} />
  if (verdict.kind === 'placeholder') return <a role="link" aria-disabled="true" {...props} />
  return <a href={href} {...props} />
}

/** How the site follows its own links: the router's navigate, and fetching a page ahead (app/prefetch.ts). */
interface Follow {
  navigate: NavigateFunction
  /** Fetch the page now: the visitor is about to follow the link. */
  prefetchNow: (href: string) => void
  /** Fetch the page once the link has been in view a moment; returns what stops watching. */
  prefetchWhenSeen: (link: HTMLAnchorElement) => () => void
}

/** Asked for once by the layout rather than by each of a page's links. */
const Following = createContext<Follow | undefined>(undefined)

/** Lets every RouteLink below follow its route client-side, its page fetched ahead (the site's Layout). */
export function FollowRoutes({ children, prefetchNow, prefetchWhenSeen }: { children: ReactNode } & Omit<Follow, 'navigate'>) {
  const navigate = useNavigate()
  // The same value while these are: each link watches its view again when it changes.
  const follow = useMemo(() => ({ navigate, prefetchNow, prefetchWhenSeen }), [navigate, prefetchNow, prefetchWhenSeen])
  return <Following.Provider value={follow}>{children}</Following.Provider>
}

/**
 * A link to one of the site's routes (an absolute path, maybe with a
 * #section): a plain <a href> in the prerendered HTML, which the app then
 * follows client-side on a plain click, as React Router's <Link> does. A
 * page has about eighty such links (menus, footer, cards), and <Link> also
 * resolves relative paths, prefetching and route discovery on every
 * render, none of which this site's links use: it was a fifth of the
 * prerender's time, and its cost recurs at hydration. Outside FollowRoutes
 * (a block rendered on its own) the browser follows the link itself.
 *
 * Its page is fetched ahead (app/prefetch.ts): once the link has been in
 * view a moment, and at once when the pointer or the focus comes to it or
 * a finger presses it, before the click.
 */
function RouteLink({ href, onClick, ...props }: AnchorProps) {
  const follow = useContext(Following)
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => (follow && ref.current ? follow.prefetchWhenSeen(ref.current) : undefined), [follow])
  const soon = follow && (() => follow.prefetchNow(href))
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    // A new tab or window, a download, or a click another handler took: the browser's.
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
    if (!follow || event.defaultPrevented || event.button !== 0 || modified || (props.target && props.target !== '_self')) return
    event.preventDefault()
    // The page it is already on is not another step of history (as <Link> does).
    const here = window.location.pathname + window.location.search + window.location.hash
    void follow.navigate(href, { replace: here === href })
  }
  return <a {...props} ref={ref} href={href} onClick={click} onPointerEnter={soon} onPointerDown={soon} onFocus={soon} />
}
