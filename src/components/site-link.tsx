import type { ComponentProps } from 'react'
import { Link } from 'react-router-dom'
import { classifyLink } from '../shared/links'

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
export function SiteLink({ href, ...props }: { href: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const verdict = classifyLink(href)
  if (verdict.kind === 'internal' && verdict.route) return <Link to={href} {...props} />
  if (verdict.kind === 'external' && href.startsWith('https:')) {
    return <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
  }
  if (verdict.kind === 'unsafe') return <span {...props} />
  if (verdict.kind === 'placeholder') return <a role="link" aria-disabled="true" {...props} />
  return <a href={href} {...props} />
}
