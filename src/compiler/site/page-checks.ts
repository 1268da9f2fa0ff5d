// The checks of one page: its own (schema, rules, media), and the rules across pages for a page being edited.
import { readWithFacts, unreadableFacts, type FileFacts } from '../cache/file-facts.ts'
import { problem } from '../problems/errors.ts'
import type { Anchors } from '../schema/anchor-links.ts'
import type { Problem } from '../problems/problems.ts'
import { parseYaml, type ParsedYaml } from '../yaml/parse-yaml.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import { validatePage } from '../schema/validate-page.ts'
import { checkPageRules, sourceOf, type PageDigest, type PageSource } from '../schema/page-rules.ts'
import { indexOf } from './cross-page-rules.ts'
import { mediaProblems } from './media-files.ts'
import { display, type ProjectPaths } from './project-paths.ts'
import type { Block, Page } from '../../generated/schema-types.ts'

/** A page as the rules across pages (cross-page-rules.ts) read it. */
export interface ComparablePage {
  route: string
  source: PageSource
  page: Page
  /** When the file last changed: of two pages with the same words, the newer is the copy. */
  modified: number
  /** What the rules compare of it, if already worked out (kept in the page cache); worked out when needed otherwise. */
  digest?: PageDigest
}

/**
 * The rules across pages for one page being edited (the studio, as the
 * author types): its text against every other page of the loaded site, as
 * the newest file, so words it shares with another page are reported here.
 * Only this page's problems are returned.
 */
export function checkAgainstSite(loaded: { comparable: readonly ComparablePage[] }, route: string, parsed: ParsedYaml, page: Page): Problem[] {
  // The loaded site's index: the one its load or reload made, or made now.
  return indexOf(loaded.comparable).check(route, page, sourceOf(parsed))
}

/** Parse and validate one page's bytes; `file` is the name used in problems. */
export function checkPageSource(file: string, bytes: Uint8Array, schemas: SchemaSet, context?: PageContext): { page?: Page; problems: Problem[] } {
  const read = parseYaml(file, bytes)
  return read.ok ? checkParsedPage(read.parsed, read.value, schemas, context) : { problems: read.problems }
}

/** What a page is checked against beyond its schema: the valid shared blocks (their ids count on the page) and the public files (their kind and size). */
export interface PageContext {
  fragments: ReadonlyMap<string, Block>
  media?: ReadonlyMap<string, string>
  /** The ids links to "/route#id" may reach, when not the saved ones (the studio checks a page as typed against its own ids as typed). */
  anchors?: Anchors
}

export function checkParsedPage(parsed: ParsedYaml, value: unknown, schemas: SchemaSet, context: PageContext = { fragments: new Map() }): { page?: Page; problems: Problem[] } {
  const read = { parsed, value }
  const problems = validatePage(read.parsed, read.value, schemas, context.anchors ?? schemas.targets.anchors)
  if (problems.length) return { problems }
  const page = read.value as Page
  const ruleProblems = [...checkPageRules(read.parsed, page, context.fragments, schemas), ...(context.media ? mediaProblems(read.parsed, page.blocks, ['blocks'], context.media) : [])]
  return ruleProblems.length ? { problems: ruleProblems } : { page, problems: [] }
}

export function readAndParse(paths: ProjectPaths, path: string): ReturnType<typeof parseYaml> {
  return readPage(paths, path).read
}

/** A page's file read and parsed, with the facts of the bytes parsed (file-facts.ts's readWithFacts). */
export function readPage(paths: ProjectPaths, path: string): { read: ReturnType<typeof parseYaml>; file: FileFacts } {
  const file = display(paths, path)
  const got = readWithFacts(path)
  if (!got) return { read: { ok: false, problems: [problem('EmptyFile', {}, { file, line: 1, column: 1 })] }, file: unreadableFacts }
  return { read: parseYaml(file, got.bytes), file: got.facts }
}
