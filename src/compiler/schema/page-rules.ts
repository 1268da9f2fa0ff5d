import { createHash } from 'node:crypto'
import { problem } from '../problems/errors.ts'
import { lastKey, locatePath, type PathSegment } from '../yaml/locate.ts'
import type { ParsedYaml } from '../yaml/parse-yaml.ts'
import type { Problem } from '../problems/problems.ts'
import type { Block, Page } from '../../generated/schema-types.ts'
import { layoutIds } from '../../shared/layout-ids.ts'
import { isStarterText } from '../migrate/new-page.ts'
import { brokenAnchorLinks } from './anchor-links.ts'
import { partOfFields } from '../../shared/part-of-fields.ts'
import { linkedRoute } from '../../shared/links.ts'
import { builtMediaFields } from '../../shared/image.ts'
import type { SchemaSet } from './schema-set.ts'
import type { Location } from '../problems/errors.ts'

/**
 * A page's file as the rules across pages need it: its name, where a value
 * is written, and which blocks are written "- use:". From the parsed file
 * (sourceOf), or, for a page checked on another thread, read again only if
 * a problem has to be located.
 */
export interface PageSource {
  file: string
  locate(path: readonly PathSegment[]): Location
  usesShared(block: number): boolean
}

export function sourceOf(parsed: ParsedYaml): PageSource {
  return { file: parsed.file, locate: (path) => locatePath(parsed, path), usesShared: (i) => parsed.doc.hasIn(['blocks', i, 'use']) }
}

/**
 * Rules that JSON Schema cannot express, applied by field name to every
 * block so a new block type gets them for free:
 * - "highlight" must be a part of the same block's "title" (shared/part-of-fields.ts);
 * - "id" anchors must be unique within the page, counting the ids of the
 *   shared blocks it uses, and must not take an id the layout uses;
 * - no text may be only spaces.
 * A shared block ("- use: name") is checked in pages/_shared.yaml by
 * checkBlockRules; here only its id counts, located at its "use".
 */
export function checkPageRules(parsed: ParsedYaml, page: Page, fragments: ReadonlyMap<string, Block> = new Map(), schemas?: Pick<SchemaSet, 'blocks' | 'defs'>): Problem[] {
  const problems: Problem[] = blankTexts(parsed, { title: page.title, description: page.description }, [])
  const ids = new Set<string>()
  page.blocks.forEach((block, index) => {
    const path: PathSegment[] = ['blocks', index]
    const use = (block as { use?: unknown }).use
    const shared = typeof use === 'string' ? fragments.get(use) : undefined
    if (typeof use !== 'string') problems.push(...checkBlockRules(parsed, block, path))
    const id = ((shared ?? block) as { id?: unknown }).id
    if (typeof id !== 'string') return
    if (ids.has(id)) {
      problems.push(problem('DuplicateId', { id, ...(shared ? { shared: use as string } : {}) }, locatePath(parsed, [...path, shared ? 'use' : 'id'])))
    }
    ids.add(id)
  })
  if (schemas) problems.push(...samePageAnchors(parsed, page, ids, schemas))
  return problems
}

/**
 * A link to a part of the same page ("#team") must reach an id the page
 * has, its own blocks' or its shared blocks'; links to "/route#id" are
 * checked against every page's ids with the schema's problems
 * (anchor-links.ts). The links of shared blocks are left to the pages' own
 * words: one written in pages/_shared.yaml lands on several pages.
 */
function samePageAnchors(parsed: ParsedYaml, page: Page, ids: ReadonlySet<string>, schemas: Pick<SchemaSet, 'blocks' | 'defs'>): Problem[] {
  return page.blocks.flatMap((block, index) => {
    const schema = schemas.blocks.get((block as { type?: string }).type ?? '')?.schema
    if (!schema || 'use' in block) return []
    return brokenAnchorLinks(parsed, block, schema, schemas.defs, ['blocks', index], (route) => (route === '' ? { ids, named: 'this page', linkTo: '#' } : undefined))
  })
}

/** The rules for one block on its own, wherever it is written (a page or pages/_shared.yaml). */
export function checkBlockRules(parsed: ParsedYaml, block: Block, path: PathSegment[]): Problem[] {
  const problems: Problem[] = []
  const fields = block as unknown as Record<string, unknown>
  for (const [part, whole] of Object.entries(partOfFields)) {
    const [of, within] = [fields[part], fields[whole]]
    if (typeof of === 'string' && typeof within === 'string' && !within.includes(of)) {
      problems.push(problem('HighlightNotInTitle', { highlight: of, title: within }, locatePath(parsed, [...path, part])))
    }
  }
  const usedBy = typeof fields.id === 'string' ? layoutIds.get(fields.id) : undefined
  if (usedBy) problems.push(problem('ReservedId', { id: fields.id as string, usedBy }, locatePath(parsed, [...path, 'id'])))
  problems.push(...blankTexts(parsed, fields, path))
  return problems
}

/**
 * Calls `visit` with every text under `value` (at `path`) and its path, but
 * not under a key `skip` names. The path is one array kept as the walk goes:
 * `visit` copies it to keep it. A new path per node was most of the cost of
 * these walks, which every page's check makes several of.
 */
export function eachText(value: unknown, path: readonly PathSegment[], visit: (text: string, path: readonly PathSegment[]) => void, skip?: ReadonlySet<string>): void {
  const trail = [...path]
  const walk = (value: unknown): void => {
    if (typeof value === 'string') visit(value, trail)
    else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        trail.push(i)
        walk(value[i])
        trail.pop()
      }
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (skip?.has(key)) continue
        trail.push(key)
        walk(item)
        trail.pop()
      }
    }
  }
  walk(value)
}

/** The path of every text under `value` that is still a placeholder new-page wrote. */
function starterTexts(value: unknown): PathSegment[][] {
  const found: PathSegment[][] = []
  eachText(value, [], (text, path) => {
    if (isStarterText(text)) found.push([...path])
  })
  return found
}

/** Every text under `value` that is not empty but holds only spaces (empty text is the schema's to report). */
function blankTexts(parsed: ParsedYaml, value: unknown, path: PathSegment[]): Problem[] {
  const problems: Problem[] = []
  eachText(value, path, (text, at) => {
    if (text !== '' && text.trim() === '') problems.push(problem('BlankText', { field: JSON.stringify(lastKey(at) ?? 'text') }, locatePath(parsed, [...at])))
  })
  return problems
}

/**
 * The form in which two titles or descriptions are compared: what a reader
 * sees, so invisible characters, runs of spaces and capitals do not make two
 * equal texts look different.
 */
export function comparableText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/**
 * What the rules across pages compare of one page, in the form they compare
 * it: worked out once per page and kept while the page is (a loaded page
 * never changes), so checking the site again after one page's edit works
 * out only that page's. The index the rules run on is then a map per rule.
 * Plain data, so the page cache keeps it beside the checked page and a new
 * process does not work out every page's again.
 */
export interface PageDigest {
  /** Paths of texts still new-page's placeholders. */
  starters: PathSegment[][]
  /** The hero's words, compared (the first block, when it is a hero). */
  hero: { title?: string; text?: string }
  /**
   * Each sentence-length text of the page's own blocks, compared, with the
   * path of its first place (the first of each text). The text is kept as
   * its hash: the rule asks only whether two are the same, and every page's
   * sentences in full would be most of what a site of 100,000 pages holds.
   */
  prose: [textHash: string, path: PathSegment[]][]
  /** Every page its blocks link to, by route (linkedRoute: "/x/#y" is "/x"), and every other link without its #part. */
  links: string[]
  /** Each block's back link to a page of this site: [block index, route] (linkedRoute). */
  backLinks: [number, string][]
  title: string
  description: string
}

const digests = new WeakMap<Page, PageDigest>()

/** A page's digest, worked out once per page object (a loaded page never changes). */
export function digestOf(page: Page, source: Pick<PageSource, 'usesShared'>): PageDigest {
  let digest = digests.get(page)
  if (digest) return digest
  digest = pageDigest(page, source)
  digests.set(page, digest)
  return digest
}

/** A page's digest, worked out now; `usesShared` says which blocks were written "- use:" (their words are the shared block's). */
export function pageDigest(page: Page, source: Pick<PageSource, 'usesShared'>): PageDigest {
  const hero = page.blocks[0] as unknown as Record<string, unknown> | undefined
  const heroText = (field: 'title' | 'text') => {
    const text = hero?.[field]
    return typeof text === 'string' && /hero$/.test(String(hero!.type)) ? comparableText(text) : undefined
  }
  const backLinks: [number, string][] = []
  page.blocks.forEach((block, i) => {
    const back = (block as { backLink?: { href?: unknown } }).backLink?.href
    if (typeof back === 'string' && back.startsWith('/')) backLinks.push([i, linkedRoute(back)])
  })
  return {
    starters: starterTexts(page),
    hero: { ...(heroText('title') !== undefined ? { title: heroText('title') } : {}), ...(heroText('text') !== undefined ? { text: heroText('text') } : {}) },
    prose: [...proseOf(page, source)].map(([text, path]) => [proseHash(text), path]),
    links: [...hrefsIn(page.blocks, new Set())],
    backLinks,
    title: comparableText(page.title),
    description: comparableText(page.description),
  }
}

/** A compared sentence as a digest keeps it: 128 bits of SHA-256, which two different sentences do not share in practice. */
function proseHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22)
}

/**
 * Fields that hold no prose of the page's own: names, paths, pictures'
 * descriptions (which go with the picture), and what the build adds beside
 * a picture (its sizes, smaller copies and phone crop), which no author wrote.
 */
const notProse = new Set(['type', 'id', 'use', 'href', 'src', 'alt', 'icon', 'webm', 'mp4', 'poster', 'highlight', ...builtMediaFields])
/**
 * Sentence-length text: shorter words (a category name in an eyebrow, a
 * back link's label, a bullet like "Online and telephone interviews") are
 * rightly the same on several pages.
 */
const proseLength = 60

/** Each sentence-length text of a page's own blocks (not its shared ones), compared, with the path of its first place. */
function proseOf(page: Page, source: Pick<PageSource, 'usesShared'>): Map<string, PathSegment[]> {
  const mine = new Map<string, PathSegment[]>()
  const visit = (value: string, path: readonly PathSegment[]): void => {
    // Normalising only shortens a text (in practice), so a short one is skipped unread.
    if (value.length < proseLength) return
    const text = comparableText(value)
    if (text.length >= proseLength && !mine.has(text)) mine.set(text, [...path])
  }
  // By now a shared block is resolved into the page: the file says which were written "- use:".
  page.blocks.forEach((block, i) => {
    if (!source.usesShared(i)) eachText(block, ['blocks', i], visit, notProse)
  })
  return mine
}

/** Every link target (`href`) under a value. */
function hrefsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => hrefsIn(item, into))
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'href' && typeof item === 'string') into.add(linkedRoute(item))
      else hrefsIn(item, into)
    }
  }
  return into
}
