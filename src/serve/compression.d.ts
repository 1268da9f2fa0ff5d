// The part of the `compression` middleware's API this project uses (its
// @types package would pull in all of Express's types).
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  interface Options {
    level?: number
    threshold?: number | string
    filter?: (req: IncomingMessage, res: ServerResponse) => boolean
  }
  export default function compression(options?: Options): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void
}
