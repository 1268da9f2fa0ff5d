/**
 * Byte arrays compared as bytes in every unit test (vite.config.ts's
 * setupFiles): a loaded page holds its data as a Uint8Array, and Vitest's
 * deep equality walks a typed array element by element through its code for
 * any object, which took 5.5 s for the data of 642 pages and made the page
 * cache's tests time out. Equal means the same bytes, as before.
 */
import { Buffer } from 'node:buffer'
import { expect } from 'vitest'

expect.addEqualityTesters([(a: unknown, b: unknown) => (a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.compare(a, b) === 0 : undefined)])
