/**
 * What a link field offers as the author types: the site's pages (with
 * their titles) and the parts of them a link may point at.
 *
 * The whole list is made once per answer of GET /api/targets, and a field
 * shows at most `offeredAtMost` of it, those that hold what was typed. At
 * 10,000 pages the list has over 50,000 places: drawn whole into each link
 * field's datalist, it held up the studio's first preview by seconds, and a
 * list that long is no help to anyone scrolling it.
 */
import type { Answer } from '../shared/api.ts'

export type Targets = Answer<'GET /api/targets'>

export interface LinkTarget {
  /** The address a link would hold: a route, or a route and an anchor. */
  route: string
  /** What the picker shows beside it. */
  label: string
  /** The two in lower case, for matching what was typed. */
  words: string
}

export const offeredAtMost = 50

/** Every page, in order, then every part of a page with an anchor. */
export function linkTargets({ routes, anchors, titles }: Targets): LinkTarget[] {
  const target = (route: string, title: string | undefined): LinkTarget => {
    const label = title ? `${title} (${route})` : route
    return { route, label, words: `${route} ${label}`.toLowerCase() }
  }
  return [...routes.map((route) => target(route, titles[route])), ...Object.entries(anchors).flatMap(([route, ids]) => ids.map((anchor) => target(`${route}#${anchor}`, titles[route])))]
}

/** The places that hold `typed` (any case) in their address or title: the exact address first, then those it starts, then the rest, in the list's order. */
export function offeredTargets(all: readonly LinkTarget[], typed: string): LinkTarget[] {
  const wanted = typed.trim().toLowerCase()
  if (!wanted) return all.slice(0, offeredAtMost)
  const exact: LinkTarget[] = []
  const starting: LinkTarget[] = []
  const holding: LinkTarget[] = []
  for (const target of all) {
    if (!target.words.includes(wanted)) continue
    const route = target.route.toLowerCase()
    if (route === wanted) exact.push(target)
    else if (route.startsWith(wanted)) {
      if (starting.length < offeredAtMost) starting.push(target)
    } else if (holding.length < offeredAtMost) holding.push(target)
  }
  return [...exact, ...starting, ...holding].slice(0, offeredAtMost)
}
