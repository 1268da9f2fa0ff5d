import type { DocumentEdit, Path } from '../../compiler/yaml-edit/index.ts'
import type { BlockForm, Field } from './fields.ts'
import { initialValue } from './initial-value.ts'
import { clearWordsEdits, recordOf } from './word-edits.ts'

/**
 * Where a new page can be linked from, so that New page can add its hub
 * card and its menu link in the same step as the page. Worked out from the
 * form model alone: a "list of links" is any list whose items are groups
 * with a link field of their own (a hub's cards, a menu's links, a footer
 * column), whatever the block or the setting is called.
 *
 * Two kinds of place:
 * - `copy`: an item that links to the page being copied (the SME card on
 *   the B2B hub). The new page's item goes right after it, a copy of it with
 *   its links turned to the new page and its words emptied for the author's:
 *   its symbol and picture stay until they are changed.
 * - `append`: the end of a list of links in the site settings (a header
 *   menu, a footer column), for a link whose words are still to write.
 */
export interface LinkPlace {
  /** A stable name for the place, sent back when the author picks it. */
  id: string
  /** The file under pages/ the link goes into. */
  file: string
  /** The list the link goes into, and where in it. */
  list: Path
  index: number
  /** The item copied (`copy` places). */
  copyOf?: Path
  /** In the author's words: "Audience accordion › Card “SMEs”". */
  label: string
  /** Where visitors see the list, in its schema's words: "Drop-down menus on wide screens…". */
  seen?: string
  /** The list's items as the visitor reads them (each one's first words), for a small picture of where the link lands. */
  items: string[]
  /** The item the new one goes right after, when that is not the last: the copied one, or the menu's link to the copied page's hub. */
  after?: string
  /** Why no item can go in: the list has the most items its schema allows. */
  full?: string
}

/** One file's data with the form that draws it. */
export interface FileToSearch {
  file: string
  /** The route of a page; undefined for the site settings. */
  route?: string
  data: unknown
  /** The page's or the settings' form. */
  form: Field & { kind: 'group' }
}

/** A step of the walk: the field's name as the author reads it, and where visitors see it (its schema's description). */
interface Step {
  label: string
  seen?: string
}

type Walk = (field: Field, value: unknown, path: Path, trail: Step[]) => void

/**
 * Every place in `files` a new page can be linked from: after each item
 * linking to `like` (when a page is copied), and in each list of links in
 * the files marked `appendTo` (the site settings' menus): right after its
 * link to a page that links to `like` (the Audience menu's "B2B", when a
 * B2B page is copied), else at its end.
 */
export function linkPlaces(files: readonly FileToSearch[], blocks: readonly BlockForm[], { like, appendTo }: { like?: string; appendTo?: (file: string) => boolean }): LinkPlace[] {
  const places: LinkPlace[] = []
  // Each appended place's items' links, to place it under the copied page's hub once every file is read.
  const linksOfItems = new Map<LinkPlace, string[][]>()
  for (const { file, data, form } of files) {
    const appending = appendTo?.(file) ?? false
    const walk: Walk = (field, value, path, trail) => {
      switch (field.kind) {
        case 'group': {
          const record = recordOf(value)
          for (const { name, field: child } of field.fields) {
            // A group with a name of its own is named by it, as its heading names it: "Always-open list “Solutions”" (a sentence, like the footer's note, is no name).
            const first = child.kind === 'group' ? firstWords(child, record[name]) : undefined
            const words = first && first.length <= 40 ? first : undefined
            walk(child, record[name], [...path, name], [...trail, { label: words ? `${child.label} “${words}”` : child.label, seen: child.help }])
          }
          return
        }
        case 'blocks':
          asList(value).forEach((block, i) => {
            const form = blocks.find((b) => b.type === recordOf(block).type)
            if (form) walk(form.field, block, [...path, i], [{ label: form.label, seen: form.help }])
          })
          return
        case 'list': {
          const items = asList(value)
          const linking = field.item.kind === 'group' && field.item.fields.some((f) => f.field.kind === 'link')
          const full = field.maxItems !== undefined && items.length >= field.maxItems ? { full: `it has ${items.length} ${field.itemNoun}s, the most it may have` } : {}
          const names = items.map((item, i) => firstWords(field.item, item) ?? `${capitalised(field.itemNoun)} ${i + 1}`)
          items.forEach((item, i) => {
            const name = firstWords(field.item, item)
            // The item is named in the list's place, and is seen where the list is.
            const itemTrail = [...trail.slice(0, -1), { label: `${capitalised(field.itemNoun)}${name ? ` “${name}”` : ` ${i + 1}`}`, seen: trail.at(-1)?.seen }]
            if (linking && like !== undefined && linksTo(field.item, item, like)) {
              places.push({ id: `copy:${file}:${JSON.stringify([...path, i])}`, file, list: path, index: i + 1, copyOf: [...path, i], label: labelOf(itemTrail), ...seenOf(trail), items: names, ...(i < items.length - 1 ? { after: names[i] } : {}), ...full })
            }
            walk(field.item, item, [...path, i], itemTrail)
          })
          // "Header › Menu “Audience”" says it: the list's own name ("Links") after an item adds nothing.
          const named = trail.length > 1 && trail.at(-2)!.label.includes('“') ? trail.slice(0, -1) : trail
          if (linking && appending) {
            const place: LinkPlace = { id: `append:${file}:${JSON.stringify(path)}`, file, list: path, index: items.length, label: labelOf(named), ...seenOf(trail), items: names, ...full }
            places.push(place)
            linksOfItems.set(place, items.map((item) => linksOf(field.item, item)))
          }
          return
        }
        default:
          return
      }
    }
    walk(form, data, [], [])
  }
  // The pages that link to the copied page (its hub): a menu link to one of them is where the copy belongs.
  const routes = new Map(files.map((f) => [f.file, f.route]))
  const hubs = new Set(places.flatMap((p) => (p.copyOf ? [routes.get(p.file)].filter((r): r is string => r !== undefined) : [])))
  for (const [place, links] of linksOfItems) {
    const under = links.findLastIndex((hrefs) => hrefs.some((href) => hubs.has(href)))
    if (under >= 0 && under < links.length - 1) Object.assign(place, { index: under + 1, after: place.items[under] })
  }
  return places
}

const labelOf = (trail: readonly Step[]) => trail.map((step) => step.label).join(' › ')

/** Where visitors see a list: the description nearest to it, an item's being the list's that holds it. */
function seenOf(trail: readonly Step[]): { seen?: string } {
  const seen = trail.findLast((step) => step.seen)?.seen
  return seen ? { seen } : {}
}

/**
 * The edits that put the new page's link at `place`: the copied item with
 * its links (to `like`) turned to `route` and its words emptied, or a new
 * item with only its links filled in. Its words are the author's to write:
 * required texts are left empty, so the check lists them until they are.
 */
export function linkPlaceEdits(place: LinkPlace, itemField: Field, data: unknown, route: string, like: string | undefined): DocumentEdit[] {
  const copied = place.copyOf ? structuredClone(valueAt(data, place.copyOf)) : initialValue(itemField)
  const item = withLinksTurned(itemField, copied, like, route)
  const at = [...place.list, place.index]
  return [{ op: 'insert', path: place.list, index: place.index, value: item }, ...clearWordsEdits(itemField, item, at)]
}

/** The item field of the list at `path` in a file drawn by `form`. */
export function listItemField(form: Field, blocks: readonly BlockForm[], data: unknown, path: Path): Field | undefined {
  let field: Field | undefined = form
  let value = data
  for (const step of path) {
    if (!field) return undefined
    if (field.kind === 'group') field = field.fields.find((f) => f.name === step)?.field
    else if (field.kind === 'list') field = field.item
    else if (field.kind === 'blocks') field = blocks.find((b) => b.type === recordOf(asList(value)[step as number]).type)?.field
    else return undefined
    value = typeof step === 'number' ? asList(value)[step] : recordOf(value)[step]
  }
  return field?.kind === 'list' ? field.item : undefined
}

function linksTo(item: Field, value: unknown, route: string): boolean {
  return linksOf(item, value).includes(route)
}

/** Where an item's own link fields lead. */
function linksOf(item: Field, value: unknown): string[] {
  if (item.kind !== 'group') return []
  const record = recordOf(value)
  return item.fields.flatMap((f) => (f.field.kind === 'link' && typeof record[f.name] === 'string' ? [record[f.name] as string] : []))
}

/** The item with each of its own link fields that led to `like` (or, on a new item, each required one) leading to `route`. */
function withLinksTurned(item: Field, value: unknown, like: string | undefined, route: string): unknown {
  if (item.kind !== 'group') return value
  const record = { ...recordOf(value) }
  for (const { name, field } of item.fields) {
    if (field.kind !== 'link') continue
    if (record[name] === like || (record[name] === '' && field.required)) record[name] = route
  }
  return record
}

/** An item's first text, to tell it from its neighbours: a card's title, a link's label. */
function firstWords(item: Field, value: unknown): string | undefined {
  if (item.kind !== 'group') return typeof value === 'string' && value ? value : undefined
  const record = recordOf(value)
  const text = item.fields.find((f) => f.field.kind === 'text' && typeof record[f.name] === 'string' && record[f.name] !== '')
  return text && (record[text.name] as string)
}

function valueAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, step) => (typeof step === 'number' ? asList(value)[step] : recordOf(value)[step]), data)
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
