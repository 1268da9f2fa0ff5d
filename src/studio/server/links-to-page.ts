/**
 * The links that lead to a page, so that deleting it can take them away in
 * the same step (a hub's card, a menu's entry) and restoring it can put
 * them back where they were. A link is an `href` field; one that is the
 * whole of a list item (a card, a menu link, a footer link) is removed with
 * its item; one that is not (a button's single link) is only named, for the
 * author to change.
 */
import { parseDocument } from 'yaml'
import { pageReading } from '../../compiler/yaml/page-reading.ts'
import { applyEdits, showPath, type DocumentEdit, type Path } from '../../compiler/yaml-edit/index.ts'
import { pageName, sentenceStart } from '../shared/author-words.ts'

export interface LinkToPage {
  /** The file that holds it, under pages/. */
  file: string
  /** The link item's place in that file (the href's list item), or the href's own when it is not in a list. */
  path: Path
  /** Whether the item goes with the page: the href is a list item's own. */
  removable: boolean
}

/** A removed link item, kept with the deleted page's text to be put back. */
export interface RemovedLink {
  file: string
  path: Path
  value: unknown
}

/** The page that an href leads to: without its #section or ?query. */
const pageOf = (href: string) => href.split('#')[0]!.split('?')[0]!

/** Every href that leads to `route` in `texts` (file under pages/ → its text), by file, with where it is and what it says. */
function hrefsTo(route: string, texts: ReadonlyMap<string, string>): Map<string, { path: Path; href: string }[]> {
  const found = new Map<string, { path: Path; href: string }[]>()
  for (const [file, text] of texts) {
    // Most files never name the route: only those that do are parsed.
    if (!text.includes(route)) continue
    const doc = parseDocument(text, pageReading)
    if (doc.errors.length) continue
    const here: { path: Path; href: string }[] = []
    walk(doc.toJS(), [], (path, value) => {
      if (path.at(-1) === 'href' && typeof value === 'string' && pageOf(value) === route) here.push({ path, href: value })
    })
    if (here.length) found.set(file, here)
  }
  return found
}

/** Every link to `route` in `texts` (file under pages/ → its text). */
export function linksTo(route: string, texts: ReadonlyMap<string, string>): LinkToPage[] {
  return [...hrefsTo(route, texts)].flatMap(([file, hrefs]) =>
    hrefs.map(({ path }) => {
      const item = path.slice(0, -1)
      const removable = typeof item.at(-1) === 'number'
      return { file, path: removable ? item : path, removable }
    }),
  )
}

/**
 * The texts of the files that link to `from`, each such link leading to `to`
 * instead (its #section or ?query kept): what a rename's "change the links"
 * writes. An error sentence when a file's text cannot take the edit.
 */
export function withLinksMoved(from: string, to: string, texts: ReadonlyMap<string, string>): { texts: Map<string, string> } | { error: string } {
  const out = new Map<string, string>()
  for (const [file, hrefs] of hrefsTo(from, texts)) {
    const edited = applyEdits(texts.get(file)!, hrefs.map(({ path, href }): DocumentEdit => ({ op: 'set', path, value: to + href.slice(from.length) })))
    if ('error' in edited) return { error: `${sentenceStart(pageName(file))}: ${edited.error}` }
    out.set(file, edited.text)
  }
  return { texts: out }
}

/**
 * The texts with `links`' items removed, and the items as they were (to put
 * back); an error sentence when a file's text cannot take the edit.
 */
export function withoutLinks(links: readonly LinkToPage[], texts: ReadonlyMap<string, string>): { texts: Map<string, string>; removed: RemovedLink[] } | { error: string } {
  const out = new Map<string, string>()
  const removed: RemovedLink[] = []
  for (const [file, items] of byFile(links.filter((l) => l.removable))) {
    const text = texts.get(file)!
    const data = parseDocument(text, pageReading).toJS() as unknown
    // From the last item back, so each removal leaves the places before it as they were.
    const ordered = [...items].sort((a, b) => comparePaths(b.path, a.path))
    for (const item of ordered) removed.push({ file, path: item.path, value: valueAt(data, item.path) })
    const edited = applyEdits(text, ordered.map((item): DocumentEdit => ({ op: 'remove', path: item.path })))
    if ('error' in edited) return { error: `${sentenceStart(pageName(file))}: ${edited.error}` }
    out.set(file, edited.text)
  }
  return { texts: out, removed: removed.sort((a, b) => (a.file === b.file ? comparePaths(a.path, b.path) : a.file < b.file ? -1 : 1)) }
}

/**
 * The texts with `removed` items put back where they were (first place
 * first, so each lands at its old position; a list that has grown shorter
 * takes it at its end); the files that could not take one are named.
 */
export function withLinksBack(removed: readonly RemovedLink[], texts: ReadonlyMap<string, string>): { texts: Map<string, string>; missed: string[] } {
  const out = new Map<string, string>()
  const missed: string[] = []
  for (const [file, items] of byFile(removed)) {
    const text = texts.get(file)
    if (text === undefined) {
      missed.push(file)
      continue
    }
    const data = parseDocument(text, pageReading).toJS() as unknown
    const edits: DocumentEdit[] = []
    const grown = new Map<string, number>()
    for (const item of [...items].sort((a, b) => comparePaths(a.path, b.path))) {
      const list = item.path.slice(0, -1)
      const length = (valueAt(data, list) as unknown[] | undefined)?.length
      if (length === undefined) {
        missed.push(`${file} (${showPath(list)})`)
        continue
      }
      const key = JSON.stringify(list)
      const size = length + (grown.get(key) ?? 0)
      edits.push({ op: 'insert', path: list, index: Math.min(item.path.at(-1) as number, size), value: item.value })
      grown.set(key, (grown.get(key) ?? 0) + 1)
    }
    const edited = applyEdits(text, edits)
    if ('error' in edited) missed.push(file)
    else out.set(file, edited.text)
  }
  return { texts: out, missed }
}

function byFile<T extends { file: string }>(items: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>()
  for (const item of items) grouped.set(item.file, [...(grouped.get(item.file) ?? []), item])
  return grouped
}

function comparePaths(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i]!, b[i]!]
    if (x === y) continue
    if (typeof x === 'number' && typeof y === 'number') return x - y
    return String(x) < String(y) ? -1 : 1
  }
  return a.length - b.length
}

function valueAt(data: unknown, path: Path): unknown {
  let here = data
  for (const step of path) here = here && typeof here === 'object' ? (here as Record<string | number, unknown>)[step] : undefined
  return here
}

function walk(value: unknown, path: (string | number)[], visit: (path: Path, value: unknown) => void): void {
  visit(path, value)
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], visit))
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key], visit)
}
