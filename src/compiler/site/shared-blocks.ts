import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import { leftoverVersions, validateBlock } from '../schema/validate-page.ts'
import { keyNodeAt, locatePath, locationOf } from '../yaml/locate.ts'
import { checkBlockRules } from '../schema/page-rules.ts'
import { mediaProblems } from './media-files.ts'
import type { Block } from '../../generated/schema-types.ts'

export interface Fragments {
  /** Every name pages/_shared.yaml defines, valid or not, for "- use:" to refer to. */
  names: Set<string>
  /** The shared blocks that passed every check. */
  valid: Map<string, Block>
}

/**
 * Shared blocks: pages/_shared.yaml maps names to blocks, each validated
 * and checked by the block rules like a block on a page; a page uses one
 * with "- use: name". A "versions" mapping of numbers left from before
 * blocks were told by their shape is reported as on a page, not read as a
 * block.
 */
export function loadFragments(read: ReturnType<typeof parseYaml> | undefined, schemas: SchemaSet, media: ReadonlyMap<string, string>, problems: Problem[]): Fragments {
  const fragments: Fragments = { names: new Set(), valid: new Map() }
  if (!read) return fragments
  if (!read.ok) {
    problems.push(...read.problems)
    return fragments
  }
  const value = read.value
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(problem('SharedNotAMapping', { found: describeValue(value) }, locationOf(read.parsed, read.parsed.doc.contents)))
    return fragments
  }
  const leftover = leftoverVersions(read.parsed, value)
  problems.push(...leftover)
  for (const [name, block] of Object.entries(value)) {
    if (leftover.length && name === 'versions') continue
    fragments.names.add(name)
    const blockProblems = !block || typeof block !== 'object' || Array.isArray(block)
      ? [problem('FragmentNotABlock', { name, found: describeValue(block) }, block === null ? locationOf(read.parsed, keyNodeAt(read.parsed, [], name)) : locatePath(read.parsed, [name]))]
      : 'use' in block
        ? [problem('FragmentWithFields', { field: 'use' }, locatePath(read.parsed, [name]))]
        : validateBlock(read.parsed, block, [name], schemas)
    if (!blockProblems.length) blockProblems.push(...checkBlockRules(read.parsed, block as Block, [name]), ...mediaProblems(read.parsed, block, [name], media))
    problems.push(...blockProblems)
    if (!blockProblems.length) fragments.valid.set(name, block as Block)
  }
  return fragments
}

/** A value that is not a set of fields, in words: "a list", "the number 42", "nothing". */
function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null || value === undefined) return 'nothing'
  return typeof value === 'string' ? `the text ${JSON.stringify(value)}` : `the ${typeof value} ${JSON.stringify(value)}`
}

/**
 * pages/_shared.yaml's text as it is being typed (the studio), checked as
 * loadSite checks it. Pages that use a name it drops are checked with the
 * whole site once the file is saved.
 */
export function checkSharedSource(file: string, bytes: Uint8Array, schemas: SchemaSet, media: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = []
  loadFragments(parseYaml(file, bytes), schemas, media, problems)
  return problems
}

