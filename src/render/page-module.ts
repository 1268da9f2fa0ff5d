import type { Page } from '../generated/schema-types'
import type { BlockLoaders, PageModule } from './types'

/**
 * A page's data and the components of its block types: the one path both
 * renders take. The browser has the data from the prerendered HTML or the
 * page's JSON file, the prerender from the build; both load the components
 * here, from the same block loaders (virtual:blocks), so a page renders on
 * the server with exactly the components the browser loads for it.
 */
export async function loadPageModule(page: Page, blocks: BlockLoaders): Promise<PageModule> {
  const types = blockTypesOf(page)
  const missing = types.find((type) => !Object.hasOwn(blocks, type))
  if (missing) throw new MissingBlockType(missing)
  const modules = await Promise.all(types.map((type) => once(blocks[type]!)))
  return { page, components: Object.fromEntries(types.map((type, i) => [type, modules[i]!.default])) }
}

const loaded = new WeakMap<BlockLoaders[string], ReturnType<BlockLoaders[string]>>()

/**
 * Each component's chunk is imported once. A browser answers a repeated
 * import() from its module map at once, but Node sends every import() through
 * its loader (and any loader hooks, on another thread) before it finds the
 * module cached: once per page, that was half the prerender's time.
 */
function once(load: BlockLoaders[string]): ReturnType<BlockLoaders[string]> {
  let module = loaded.get(load)
  if (!module) {
    module = load()
    // A failed import is tried again next time (in the browser: the network may be back).
    module.catch(() => loaded.delete(load))
    loaded.set(load, module)
  }
  return module
}

/** The block types a page uses, each once, sorted. */
export function blockTypesOf(page: Page): string[] {
  return [...new Set(page.blocks.map((b) => b.type))].sort()
}

/** A page uses a block type this bundle has no component for (in the browser: data newer than the scripts). */
export class MissingBlockType extends Error {
  constructor(readonly type: string) {
    super(`No component for block type "${type}"`)
    this.name = 'MissingBlockType'
  }
}
