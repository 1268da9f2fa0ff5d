import type { ComponentType } from 'react'
import type { Block } from '../generated/schema-types'
import type { PageModule } from './types'

/**
 * The one generic renderer: each block's type selects its component. The
 * build guarantees every type has one; if that guarantee is ever broken the
 * page fails loudly instead of silently dropping content.
 */
export function RenderBlocks({ blocks, components }: { blocks: Block[]; components: PageModule['components'] }) {
  return blocks.map((block, index) => {
    const Component = components[block.type] as ComponentType<Block> | undefined
    if (!Component) throw new Error(`No component for block type "${block.type}"`)
    return <Component key={index} {...block} />
  })
}
