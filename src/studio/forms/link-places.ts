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

type Walk = (field: Field, value: unknown, path: Path, trail: string[]) => void

/**
 * Every place in `files` a new page can be linked from: after each item
 * linking to `like` (when a page is copied), and at the end of each list of
 * links in the files marked `appendTo` (the site settings' menus).
 */
export function linkPlaces(files: readonly FileToSearch[], blocks: readonly BlockForm[], { like, appendTo }: { like?: string; appendTo?: (file: string) => boolean }): LinkPlace[] {
  const places: LinkPlace[] = []
  for (const { file, data, form } of files) {
    const appending = appendTo?.(file) ?? false
    const walk: Walk = (field, value, path, trail) => {
      switch (field.kind) {
        case 'group': {
          const record = recordOf(value)
          for (const { name, field: child } of field.fields) walk(child, record[name], [...path, name], [...trail, child.label])
          return
        }
        case 'blocks':
          asList(value).forEach((block, i) => {
            const form = blocks.find((b) => b.type === recordOf(block).type)
            if (form) walk(form.field, block, [...path, i], [form.label])
          })
          return
        case 'list': {
          const items = asList(value)
          const linking = field.item.kind === 'group' && field.item.fields.some((f) => f.field.kind === 'link')
          const full = field.maxItems !== undefined && items.length >= field.maxItems ? { full: `it has ${items.length} ${field.itemNoun}s, the most it may have` } : {}
          items.forEach((item, i) => {
            const name = firstWords(field.item, item)
            const itemTrail = [...trail.slice(0, -1), `${capitalised(field.itemNoun)}${name ? ` “${name}”` : ` ${i + 1}`}`]
            if (linking && like !== undefined && linksTo(field.item, item, like)) {
              places.push({ id: `copy:${file}:${JSON.stringify([...path, i])}`, file, list: path, index: i + 1, copyOf: [...path, i], label: itemTrail.join(' › '), ...full })
            }
            walk(field.item, item, [...path, i], itemTrail)
          })
          // "Header › Menu “Audience”" says it: the list's own name ("Links") after an item adds nothing.
          const named = trail.length > 1 && trail.at(-2)!.includes('“') ? trail.slice(0, -1) : trail
          if (linking && appending) places.push({ id: `append:${file}:${JSON.stringify(path)}`, file, list: path, index: items.length, label: named.join(' › '), ...full })
          return
        }
        default:
          return
      }
    }
    walk(form, data, [], [])
  }
  return places
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
  if (item.kind !== 'group') return false
  const record = recordOf(value)
  return item.fields.some((f) => f.field.kind === 'link' && record[f.name] === route)
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
