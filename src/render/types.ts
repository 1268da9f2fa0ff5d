import type { ComponentType } from 'react'
import type { Block, Page } from '../generated/schema-types'

/** What the build generates for each page: its data and the components it uses. */
export interface PageModule {
  page: Page
  components: Partial<Record<Block['type'], ComponentType<never>>>
}
