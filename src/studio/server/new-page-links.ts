/**
 * New page's "Link to it from": the places (forms/link-places.ts) in the
 * project's files as they are on disk, and the new texts of the files whose
 * places the author picked, all worked out before anything is written.
 */
import { parse } from 'yaml'
import { applyEdits } from '../../compiler/yaml-edit/index.ts'
import type { FormModel } from '../forms/fields.ts'
import { routeFromFile } from '../../shared/routes.ts'
import { pageName, sentenceStart } from '../shared/author-words.ts'
import { linkPlaceEdits, linkPlaces, listItemField, type LinkPlace } from '../forms/link-places.ts'

/** A file that may hold places: its name under pages/, its text, and whether it is the site settings. */
export interface LinkSource {
  file: string
  text: string
  settings: boolean
}

/** A source with its data, read once for both finding places and editing at them. */
type ReadSource = LinkSource & { data: unknown }

/** Every place in `sources` (after each link to `like`; at the end of the settings' lists of links). */
export function placesIn(sources: readonly LinkSource[], model: FormModel, like: string | undefined): LinkPlace[] {
  return placesOf(readSources(sources), model, like)
}

function placesOf(sources: readonly ReadSource[], model: FormModel, like: string | undefined): LinkPlace[] {
  const files = sources.map((s) => {
    const of = routeFromFile(s.file)
    return { file: s.file, data: s.data, form: s.settings ? model.site : model.page, ...(of.kind === 'route' ? { route: of.route } : {}) }
  })
  const settings = new Set(sources.filter((s) => s.settings).map((s) => s.file))
  return linkPlaces(files, model.blocks, { like, appendTo: (file) => settings.has(file) })
}

/**
 * The new text of each file with a picked place, the new page's link put in
 * at each. An `error` (a place no longer there, a file the form cannot
 * edit) says so in words, and then nothing may be written.
 */
export function linkedTexts(sources: readonly LinkSource[], model: FormModel, like: string | undefined, route: string, picked: readonly string[]): { texts: Map<string, string> } | { error: string } {
  if (!picked.length) return { texts: new Map() }
  const read = readSources(sources)
  const places = placesOf(read, model, like)
  const chosen: LinkPlace[] = []
  for (const id of picked) {
    const place = places.find((p) => p.id === id)
    if (!place) return { error: 'A place to link the new page from is no longer there (its file changed meanwhile). Nothing was written; choose again.' }
    if (place.full) return { error: `${place.label} in ${pageName(place.file)} can take no more: ${place.full}. Nothing was written.` }
    chosen.push(place)
  }
  const texts = new Map<string, string>()
  for (const source of read) {
    // Later places first: each insert leaves the places before it where they were.
    const here = chosen.filter((p) => p.file === source.file).sort((a, b) => b.index - a.index || b.list.length - a.list.length)
    if (!here.length) continue
    const form = source.settings ? model.site : model.page
    const edits = here.flatMap((place) => {
      const item = listItemField(form, model.blocks, source.data, place.list)
      return item ? linkPlaceEdits(place, item, source.data, route, like) : []
    })
    const outcome = applyEdits(source.text, edits)
    if ('error' in outcome) return { error: `${sentenceStart(pageName(source.file))}: ${outcome.error} Nothing was written.` }
    texts.set(source.file, outcome.text)
  }
  return { texts }
}

/** The sources that read as YAML, each with its data; one that does not holds no place. */
function readSources(sources: readonly LinkSource[]): ReadSource[] {
  return sources.flatMap((s) => {
    const data = readData(s.text)
    return data === undefined ? [] : [{ ...s, data }]
  })
}

function readData(text: string): unknown {
  try {
    return parse(text)
  } catch {
    return undefined
  }
}
