import { describe, expect, it } from 'vitest'
import { ifRangeHolds, parseRanges } from '../../../src/serve/byte-ranges'

describe("Range headers, read with nginx's rules", () => {
  it.each([
    ['bytes=0-3', [{ start: 0, end: 4 }]],
    ['BYTES=0-3', [{ start: 0, end: 4 }]],
    ['bytes=0-1,5-6', [{ start: 0, end: 2 }, { start: 5, end: 7 }]],
    ['bytes= 0 - 1 , 5-', [{ start: 0, end: 2 }, { start: 5, end: 10 }]],
    ['bytes=-3', [{ start: 7, end: 10 }]],
    ['bytes=8-99', [{ start: 8, end: 10 }]],
    ['bytes=0-1,20-30', [{ start: 0, end: 2 }]],
    ['bytes=0-9,0-9', 'whole'],
    ['items=0-1', 'whole'],
    ['bytes=', 'whole'],
    ['bytes=abc', 'unsatisfiable'],
    ['bytes=5-2', 'unsatisfiable'],
    ['bytes=10-', 'unsatisfiable'],
    ['bytes=0-1,99999999999999999999-', 'unsatisfiable'],
    ['bytes=0-1;', 'unsatisfiable'],
  ])('%s of 10 bytes is %j', (header, answer) => expect(parseRanges(header, 10)).toEqual(answer))

  it('lets If-Range apply a range only for the exact ETag or Last-Modified', () => {
    const mtime = Date.parse('Wed, 25 Nov 2026 19:22:21 GMT') + 400
    expect(ifRangeHolds(undefined, '"a-1"', mtime)).toBe(true)
    expect(ifRangeHolds('"a-1"', '"a-1"', mtime)).toBe(true)
    expect(ifRangeHolds('W/"a-1"', '"a-1"', mtime)).toBe(false)
    expect(ifRangeHolds('Wed, 25 Nov 2026 19:22:21 GMT', '"a-1"', mtime)).toBe(true)
    expect(ifRangeHolds('Wed, 25 Nov 2026 19:22:22 GMT', '"a-1"', mtime)).toBe(false)
  })
})
