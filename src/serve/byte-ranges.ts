import { closeSync, openSync, readSync } from 'node:fs'

/**
 * Range requests as nginx's range filter answers them (ngx_http_range_filter_module.c),
 * kept apart from the server so the rules can be read and tested on their own.
 * `send` alone differs: it serves a malformed range or several ranges as a
 * plain 200, where nginx answers 416 or multipart/byteranges.
 */

/** A byte range of a file, `end` exclusive. */
export interface ByteRange {
  start: number
  end: number
}

/** The whole file (no usable Range), 416, or the ranges to send, in the order asked. */
export type RangeAnswer = 'whole' | 'unsatisfiable' | ByteRange[]

const maxOffset = 2n ** 63n - 1n

/**
 * nginx's reading of a Range header for a file of `size` bytes: only `bytes=`
 * (any case) is a range; spaces around numbers and commas are allowed, and
 * anything else is a 416. Ranges starting past the end are dropped (416 if
 * none is left); a set of ranges larger than the file is served whole.
 */
export function parseRanges(header: string, size: number): RangeAnswer {
  if (header.length < 7 || header.slice(0, 6).toLowerCase() !== 'bytes=') return 'whole'
  const text = header.slice(6)
  const length = BigInt(size)
  const ranges: ByteRange[] = []
  let total = 0n
  let at = 0
  const spaces = () => {
    while (text[at] === ' ') at++
  }
  const digits = (): bigint | undefined => {
    if (!/[0-9]/.test(text[at] ?? '')) return undefined
    let value = 0n
    while (/[0-9]/.test(text[at] ?? '')) {
      value = value * 10n + BigInt(text.charCodeAt(at++) - 48)
      if (value > maxOffset) return -1n
    }
    return value
  }
  for (;;) {
    let start = 0n
    let end: bigint
    spaces()
    if (text[at] !== '-') {
      const first = digits()
      if (first === undefined || first < 0n) return 'unsatisfiable'
      start = first
      spaces()
      if (text[at++] !== '-') return 'unsatisfiable'
      spaces()
      if (text[at] === ',' || at >= text.length) end = length
      else {
        const last = digits()
        if (last === undefined || last < 0n) return 'unsatisfiable'
        spaces()
        if (text[at] !== ',' && at < text.length) return 'unsatisfiable'
        end = last >= length ? length : last + 1n
      }
    } else {
      at++
      const suffix = digits()
      if (suffix === undefined || suffix < 0n) return 'unsatisfiable'
      spaces()
      if (text[at] !== ',' && at < text.length) return 'unsatisfiable'
      start = suffix < length ? length - suffix : 0n
      end = length
    }
    if (start < end) {
      ranges.push({ start: Number(start), end: Number(end) })
      total += end - start
    } else if (start === 0n) return 'whole'
    if (text[at++] !== ',') break
  }
  if (!ranges.length) return 'unsatisfiable'
  return total > length ? 'whole' : ranges
}

/**
 * Whether an If-Range lets the Range apply: an entity tag must equal the
 * ETag byte for byte, a date must equal Last-Modified to the second.
 */
export function ifRangeHolds(ifRange: string | undefined, etag: string, mtimeMs: number): boolean {
  if (ifRange === undefined) return true
  if (ifRange.length >= 2 && ifRange.endsWith('"')) return ifRange === etag
  return Date.parse(ifRange) === Math.floor(mtimeMs / 1000) * 1000
}

let boundaries = 0

/**
 * A multipart/byteranges body in nginx's layout, with a boundary numbered as
 * nginx numbers them. Only the ranges are read, not the whole file.
 */
export function multipartRanges(path: string, size: number, ranges: ByteRange[], type: string): { contentType: string; body: Buffer } {
  const boundary = String(++boundaries).padStart(20, '0')
  const parts: Buffer[] = []
  const fd = openSync(path, 'r')
  try {
    for (const { start, end } of ranges) {
      const bytes = Buffer.alloc(end - start)
      readSync(fd, bytes, 0, bytes.length, start)
      parts.push(Buffer.from(`\r\n--${boundary}\r\nContent-Type: ${type}\r\nContent-Range: bytes ${start}-${end - 1}/${size}\r\n\r\n`), bytes)
    }
  } finally {
    closeSync(fd)
  }
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`))
  return { contentType: `multipart/byteranges; boundary=${boundary}`, body: Buffer.concat(parts) }
}
