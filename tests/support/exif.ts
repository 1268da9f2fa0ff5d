/**
 * A phone photo's metadata, by hand: sharp writes EXIF but not a GPS IFD,
 * so the tests build the APP1 segment a camera writes (big-endian TIFF:
 * IFD0 with Orientation and a pointer to the GPS IFD, which holds a
 * latitude) and splice it into a JPEG, and read it back to prove it is there.
 */

/** The position the photo claims: 51° 30' 12.34" N. */
export const gpsLatitude = { ref: 'N', degrees: [51, 30, 12.34] } as const

function tiff(orientation: number): Uint8Array {
  const bytes = new Uint8Array(92)
  const view = new DataView(bytes.buffer)
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    view.setUint16(at, tag)
    view.setUint16(at + 2, type)
    view.setUint32(at + 4, count)
    if (short) view.setUint16(at + 8, value)
    else view.setUint32(at + 8, value)
  }
  bytes.set([0x4d, 0x4d, 0x00, 0x2a]) // "MM", 42
  view.setUint32(4, 8)
  // IFD0 at 8: Orientation, GPSInfo -> 38
  view.setUint16(8, 2)
  entry(10, 0x0112, 3, 1, orientation, true)
  entry(22, 0x8825, 4, 1, 38)
  // GPS IFD at 38: GPSLatitudeRef "N", GPSLatitude -> 68 (three rationals)
  view.setUint16(38, 2)
  entry(40, 0x0001, 2, 2, 0)
  bytes[48] = 'N'.charCodeAt(0)
  entry(52, 0x0002, 5, 3, 68)
  const [d, m, s] = gpsLatitude.degrees
  ;[d, 1, m, 1, s * 100, 100].forEach((n, i) => view.setUint32(68 + i * 4, n))
  return bytes
}

/** `jpeg` with an Exif APP1 segment (orientation and GPS) right after its SOI marker. */
export function withPhoneExif(jpeg: Uint8Array, orientation: number): Uint8Array {
  const body = tiff(orientation)
  const segment = new Uint8Array(4 + 6 + body.length)
  segment.set([0xff, 0xe1, (segment.length - 2) >> 8, (segment.length - 2) & 0xff])
  segment.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4) // "Exif\0\0"
  segment.set(body, 10)
  return new Uint8Array([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)])
}

/** The GPS latitude in a JPEG's Exif segment, or undefined when it has none. */
export function readJpegGps(jpeg: Uint8Array): { ref: string; degrees: number[] } | undefined {
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff; at += 2 + view.getUint16(at + 2)) {
    const marker = jpeg[at + 1]
    if (marker === 0xda) break // image data: no more metadata segments
    if (marker !== 0xe1 || String.fromCharCode(...jpeg.subarray(at + 4, at + 8)) !== 'Exif') continue
    const start = at + 10
    const little = jpeg[start] === 0x49
    const u16 = (o: number) => view.getUint16(start + o, little)
    const u32 = (o: number) => view.getUint32(start + o, little)
    const find = (ifd: number, tag: number) => {
      for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === tag) return ifd + 2 + i * 12
      return undefined
    }
    const pointer = find(u32(4), 0x8825)
    if (pointer === undefined) return undefined
    const gps = u32(pointer + 8)
    const ref = find(gps, 0x0001)
    const latitude = find(gps, 0x0002)
    if (ref === undefined || latitude === undefined) return undefined
    const values = u32(latitude + 8)
    return { ref: String.fromCharCode(jpeg[start + ref + 8]!), degrees: [0, 1, 2].map((i) => u32(values + i * 8) / u32(values + i * 8 + 4)) }
  }
  return undefined
}

/** The four-letter chunk names of a WebP (RIFF) file, in order. */
export function webpChunks(webp: Uint8Array): string[] {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength)
  const name = (at: number) => String.fromCharCode(...webp.subarray(at, at + 4))
  if (name(0) !== 'RIFF' || name(8) !== 'WEBP') throw new Error('not a WebP file')
  const chunks: string[] = []
  for (let at = 12; at + 8 <= webp.length; at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) % 2)) chunks.push(name(at))
  return chunks
}
