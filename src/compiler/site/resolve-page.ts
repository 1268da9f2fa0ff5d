import { addImageSizes } from './public-media.ts'
import type { Block, Page } from '../../generated/schema-types.ts'

/**
 * Make a valid page ready to render, in place: each "- use: name" becomes
 * a copy of that shared block, and images get their sizes. False when it
 * uses a shared block with problems (reported in pages/_shared.yaml, once).
 */
export function resolvePage(page: Page, sharedBlocks: ReadonlyMap<string, Block>, media: ReadonlyMap<string, string>): boolean {
  const uses = page.blocks.map((block) => (block as { use?: string }).use)
  if (uses.some((use) => use !== undefined && !sharedBlocks.has(use))) return false
  page.blocks = page.blocks.map((block, i) => (uses[i] ? structuredClone(sharedBlocks.get(uses[i])!) : block))
  addImageSizes(page, media)
  return true
}

/** The ids a page's blocks give it, which links can reach as /route#id: its own, and those of the shared blocks it uses. */
export function anchorsOf(value: unknown, shared: unknown): Set<string> {
  const blocks = (value as { blocks?: unknown } | null)?.blocks
  const fragment = (use: unknown) => (typeof use === 'string' && shared && typeof shared === 'object' ? (shared as Record<string, unknown>)[use] : undefined)
  const ids = Array.isArray(blocks) ? blocks.map((b) => ((fragment((b as { use?: unknown } | null)?.use) ?? b) as { id?: unknown } | null)?.id) : []
  return new Set(ids.filter((id): id is string => typeof id === 'string'))
}

