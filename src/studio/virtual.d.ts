declare module 'virtual:studio-blocks' {
  import type { ComponentType } from 'react'
  /** Every block component, by type (src/studio/server/server.ts makes this module). */
  export const components: Record<string, ComponentType<never>>
}
