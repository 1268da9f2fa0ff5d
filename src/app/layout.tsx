import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom'
import { SmoothScroll } from '../components/smooth-scroll'
import { FollowRoutes } from '../components/site-link'
import site from 'virtual:site'
import { Footer } from './footer'
import { FramePartOf } from './frame-part'
import { Header } from './header'
import { documentTitle, useDocumentHead } from './head'
import { headOf } from './routes'
import { useBrandFontOnNavigation } from './use-brand-font-on-navigation'
import { useFocusOnNavigation } from './use-focus-on-navigation'
import { mainId } from '../shared/layout-ids'
import { NavigationProgress } from './navigation-progress'
import { prefetchNow, prefetchWhenSeen } from './prefetch'

/** The shared frame of every page: skip link, header, main content, footer. */
export function Layout() {
  const handle = headOf(useMatches().at(-1))
  // No handle: the page's error boundary is drawn here, and sets the head itself.
  useDocumentHead(handle && documentTitle(handle.title, site.brand), handle?.description ?? '')
  useFocusOnNavigation()
  useBrandFontOnNavigation()
  return (
    <FollowRoutes prefetchNow={prefetchNow} prefetchWhenSeen={prefetchWhenSeen}>
      <NavigationProgress />
      <a className="skip-link" href={`#${mainId}`}>
        Skip to content
      </a>
      <FramePartOf part="header">
        <Header site={site} />
      </FramePartOf>
      <main id={mainId} tabIndex={-1}>
        <Outlet />
      </main>
      <FramePartOf part="footer">
        <Footer site={site} />
      </FramePartOf>
      <ScrollRestoration />
      <SmoothScroll />
    </FollowRoutes>
  )
}
