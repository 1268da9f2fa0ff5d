import type { ComponentProps } from 'react'
import { Link } from 'react-router-dom'
import { classifyLink } from '../shared/links'

/**
 * A link from page data: site routes navigate client-side, external links
 * open safely (rel="noopener noreferrer"), "#" is an inert placeholder.
 */
export function SiteLink({ href, ...props }: { href: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const verdict = classifyLink(href)
  if (verdict.kind === 'internal' && verdict.route) return <Link to={href} {...props} />
  if (verdict.kind === 'external' && href.startsWith('https:')) {
    return <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
  }
  if (verdict.kind === 'unsafe') return <span {...props} />
  return <a href={href} {...props} />
}
