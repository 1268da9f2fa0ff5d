import type { AudienceAccordionBlock } from '../generated/schema-types'

type IconName = NonNullable<AudienceAccordionBlock['cards'][number]['icon']>

/** Simple line symbols, drawn on a 24-unit grid; decorative only. */
const paths: Record<IconName, string> = {
  people: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10v-1a6 6 0 0 1 12 0v1M17 11a3 3 0 1 0 0-6M22 21v-1a5 5 0 0 0-4-4.9',
  briefcase: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  building: 'M4 21V5l8-3v19M12 9h8v12M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2M2 21h20',
  leaf: 'M5 20c0-9 6-15 15-15 0 9-6 15-15 15ZM5 20l8-8',
  car: 'M3 15l2-6h14l2 6v4H3zM7 19v2M17 19v2M6 15h.01M18 15h.01',
  chip: 'M7 7h10v10H7zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4',
  cart: 'M3 4h2l3 11h11l2-8H6M9 20h.01M18 20h.01',
  tools: 'M14 6a4 4 0 0 0 5 5l-9 9-3-3 9-9a4 4 0 0 0-2-2ZM4 4l5 5',
  heart: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11Z',
  flask: 'M9 3h6M10 3v6l-6 10a1 1 0 0 0 1 2h14a1 1 0 0 0 1-2L14 9V3M6 15h12',
  pill: 'M10 21a5 5 0 0 1-7-7l7-7a5 5 0 0 1 7 7ZM7 10l7 7',
  megaphone: 'M3 10v4h4l8 5V5L7 10H3ZM19 9a4 4 0 0 1 0 6',
  newspaper: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 13h7M7 17h4',
  film: 'M3 4h18v16H3zM7 4v16M17 4v16M3 9h4M17 9h4M3 15h4M17 15h4',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  star: 'M12 3l2.7 5.6 6.3.9-4.5 4.4 1 6.1-5.5-2.9-5.5 2.9 1-6.1L3 9.5l6.3-.9Z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6Z',
}

/** Whether a name is one of the symbols above (the studio shows these as pictures). */
export function isIconName(name: string): name is IconName {
  return Object.hasOwn(paths, name)
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  )
}
