import type { ComponentProps } from 'react'
import { Link } from 'react-router-dom'
import { classifyLink } from '../shared/links'

/**
 * A link from page data: site routes navigate client-side, external links
 * open safely (rel="noopener noreferrer"). "#" is a placeholder for a link
 * the site does not have yet ('Get quotation', Contact, Insights): it
 * renders as HTML's own placeholder, an <a> without href, which shows its
 * label, goes nowhere and never moves the page (an href="#" would scroll to
 * the top), and which assistive technology does not announce as a link.
 */
export function SiteLink({ href, ...props }: { href: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const verdict = classifyLink(href)
  if (verdict.kind === 'internal' && verdict.route) return <Link to={href} {...props} />
  if (verdict.kind === 'external' && href.startsWith('https:')) {
    return <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
  }
  if (verdict.kind === 'unsafe') return <span {...props} />
  if (verdict.kind === 'placeholder') return <a {...props} />
  return <a href={href} {...props} />
}
