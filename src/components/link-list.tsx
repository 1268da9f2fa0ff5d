import type { ComponentProps } from 'react'
import type { Link } from '../generated/schema-types'
import { SiteLink } from './site-link'

/** A list of links from the site settings, as used by every menu. */
export function LinkList({ links, linkClassName, onNavigate, ...list }: { links: Link[]; linkClassName?: string; onNavigate?: () => void } & ComponentProps<'ul'>) {
  return (
    <ul {...list}>
      {links.map((link) => (
        <li key={link.label}>
          <SiteLink href={link.href} className={linkClassName} onClick={onNavigate}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}
