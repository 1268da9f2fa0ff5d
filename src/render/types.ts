import type { ComponentType } from 'react'
import type { Block, Page } from '../generated/schema-types'

/** A page ready to draw: its data and the components of the block types it uses. */
export interface PageModule {
  page: Page
  components: Partial<Record<Block['type'], ComponentType<never>>>
}

/** Block type -> the loader of its component's chunk (virtual:blocks). */
export type BlockLoaders = Readonly<Record<string, () => Promise<{ default: ComponentType<never> }>>>
