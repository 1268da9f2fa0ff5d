import type { Rendered } from '../entry-server'

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!)
}

const markers = {
  title: /<title>[^<]*<\/title>/,
  description: /<meta name="description" content="[^"]*" \/>/,
  root: '<div id="root"></div>',
} as const

/**
 * Put a rendered route into the built index.html. Fails loudly if the
 * template no longer has the places it fills, rather than writing pages
 * without content.
 */
export function fillTemplate(template: string, rendered: Rendered, routeKey: string): string {
  for (const [name, marker] of Object.entries(markers)) {
    const found = typeof marker === 'string' ? template.includes(marker) : marker.test(template)
    if (!found) throw new Error(`index.html has lost its ${name} placeholder; prerendering needs it.`)
  }
  return template
    .replace(markers.title, () => `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(markers.description, () => `<meta name="description" content="${escapeHtml(rendered.description)}" />`)
    .replace(markers.root, () => `<div id="root" data-route="${escapeHtml(routeKey)}">${rendered.html}</div>`)
}
