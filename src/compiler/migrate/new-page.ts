import { stringify } from 'yaml'
import { migrateSource } from './migrate-file.ts'
import type { BlockVersioning } from './migrate-steps.ts'
import { fileOfRoute, routeFromFile } from '../../shared/routes.ts'

/** Long enough for any address a person would type; short enough for every file system's name limits. */
export const maxRouteLength = 120

export type NewPagePlan = { ok: true; file: string; yaml: string } | { ok: false; reason: string }

/**
 * What `npm run new-page` would write for a route: the file under pages/
 * and a valid starter page, either fresh or copied from an existing page
 * (`likeSource`) with its title replaced. Refuses with a reason instead of
 * overwriting anything. Blocks copied in an old shape are brought up to
 * the current one.
 */
export function planNewPage(route: string, existing: ReadonlyMap<string, string>, versions: ReadonlyMap<string, BlockVersioning>, likeSource?: string): NewPagePlan {
  if (!route.startsWith('/')) return { ok: false, reason: `A route starts with "/", e.g. /${route}.` }
  if (route.length > maxRouteLength) return { ok: false, reason: `This address is ${route.length} characters long; keep it under ${maxRouteLength}, as short as a visitor could type it.` }
  // routeFromFile reads "\\" in a file name as a folder; in a route it would become part of a file's name.
  const strange = route.split('/').find((segment) => segment.includes('\\'))
  if (strange !== undefined) return { ok: false, reason: `"${strange}" cannot be part of an address: use letters, digits and dashes, starting with a letter or digit.` }
  const normal = route.length > 1 ? route.replace(/\/+$/, '') : route
  const file = fileOfRoute(normal)
  const of = routeFromFile(file)
  if (of.kind === 'invalid') {
    return { ok: false, reason: `"${of.segment}" cannot be part of an address: use letters, digits and dashes, starting with a letter or digit.` }
  }
  if (of.kind !== 'route') return { ok: false, reason: `Parts starting with "_" are not pages; choose another name.` }
  const taken = existing.get(normal)
  if (taken) return { ok: false, reason: `${normal} already exists: it is made by ${taken}. Edit that file, or choose another route.` }
  const sameLetters = [...existing.keys()].find((r) => r.toLowerCase() === normal.toLowerCase())
  if (sameLetters) {
    return { ok: false, reason: `${normal} differs from the existing page ${sameLetters} only in capital letters; Windows and macOS would treat their files as one. Choose another route.` }
  }
  const title = titleOf(normal)
  // A copy gets its own title and description (the check refuses two pages
  // that share one); the description replaced with its indented lines, if any.
  const yaml =
    likeSource !== undefined
      ? likeSource.replace(/^title: .*$/m, `title: ${title}`).replace(/^description:.*(?:\n[ \t]+\S.*)*$/m, `description: ${starterDescription(title)}`)
      : starterPage(title)
  // A page that cannot be migrated (it does not parse, or has a conflict) is
  // written as it is: the check that follows reports its problems.
  const migrated = migrateSource(`pages/${file}`, new TextEncoder().encode(yaml), versions, false)
  return { ok: true, file, yaml: migrated.problems.length ? yaml : migrated.text }
}

/** A fresh page, in the first shape of its blocks' schemas (planNewPage brings it up to date). */
function starterPage(title: string): string {
  const starter = {
    title,
    description: starterDescription(title),
    blocks: [
      { type: 'hero', title, size: 'short' },
      { type: 'intro', title, text: starterIntro },
    ],
  }
  return stringify(starter, { lineWidth: 0 }).replace(/\nblocks:\n/, '\n\nblocks:\n')
}

function starterDescription(title: string): string {
  return `What a visitor finds on the ${title} page, in a sentence or two.`
}

const starterIntro = 'Introduce the page here. Leave an empty line between paragraphs.'

/**
 * Whether a text is still one new-page wrote as a placeholder: it must be
 * replaced before the page is published (the check says so).
 */
export function isStarterText(text: string): boolean {
  return text === starterIntro || /^What a visitor finds on the .* page, in a sentence or two\.$/.test(text)
}

/** "/b2b/fleet-managers" -> "Fleet managers"; "/investor/reachB2b" -> "Reach B2b". */
function titleOf(route: string): string {
  const last = route.split('/').pop() || 'Home'
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/-/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
