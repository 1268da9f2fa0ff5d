/**
 * The frame size of an MP4 or WebM video, read from its header: the media
 * page of the catalogue shows it beside each video, and the build has no
 * ffprobe. Undefined when the file is neither or its header is not where
 * these readers look; the page then shows the file size alone.
 */
export function videoSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  return mp4Size(bytes) ?? webmSize(bytes)
}

/**
 * MP4 (ISO base media): boxes of [size, type, body]; the first video track's
 * header ("tkhd" in "moov" > "trak") ends with its width and height as 16.16
 * fixed-point numbers. Audio tracks have 0 there, so the first non-zero wins.
 */
function mp4Size(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
  if (bytes.length < 12 || type(4) !== 'ftyp') return undefined
  const walk = (start: number, end: number): { width: number; height: number } | undefined => {
    for (let at = start; at + 8 <= end; ) {
      let size = view.getUint32(at)
      let header = 8
      if (size === 1 && at + 16 <= end) {
        size = Number(view.getBigUint64(at + 8))
        header = 16
      } else if (size === 0) size = end - at
      if (size < header || at + size > end) return undefined
      const box = type(at + 4)
      if (box === 'moov' || box === 'trak') {
        const found = walk(at + header, at + size)
        if (found) return found
      } else if (box === 'tkhd') {
        const body = at + header
        // Version 1 headers have 64-bit times: 12 more bytes before the size.
        const sizeAt = body + (bytes[body] === 1 ? 88 : 76)
        if (sizeAt + 8 <= at + size) {
          const width = view.getUint32(sizeAt) / 65536
          const height = view.getUint32(sizeAt + 4) / 65536
          if (width && height) return { width: Math.round(width), height: Math.round(height) }
        }
      }
      at += size
    }
    return undefined
  }
  return walk(0, bytes.length)
}

/** EBML element ids on the path to a WebM video's size. */
const ebml = { header: 0x1a45dfa3, segment: 0x18538067, tracks: 0x1654ae6b, trackEntry: 0xae, video: 0xe0, pixelWidth: 0xb0, pixelHeight: 0xba }

/**
 * WebM (EBML): elements of [id, size, body], both written as variable-length
 * numbers. The size is in Segment > Tracks > TrackEntry > Video >
 * PixelWidth / PixelHeight.
 */
function webmSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const vint = (at: number, keepMarker: boolean): { value: number; length: number } | undefined => {
    const first = bytes[at]
    if (first === undefined || first === 0) return undefined
    const length = Math.clz32(first) - 23
    if (length > 8 || at + length > bytes.length) return undefined
    let value = keepMarker ? first : first & (0xff >> length)
    for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!
    // A size of all ones is "unknown" (a live stream's segment): to the end.
    const unknown = !keepMarker && value === 2 ** (7 * length) - 1
    return { value: unknown ? Infinity : value, length }
  }
  const uint = (at: number, length: number) => {
    let value = 0
    for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i]!
    return value
  }
  const inside = new Set([ebml.segment, ebml.tracks, ebml.trackEntry, ebml.video])
  const walk = (start: number, end: number): { width?: number; height?: number } => {
    const found: { width?: number; height?: number } = {}
    for (let at = start; at < end; ) {
      const id = vint(at, true)
      const size = id && vint(at + id.length, false)
      if (!id || !size) break
      const body = at + id.length + size.length
      const stop = Math.min(end, body + size.value)
      if (id.value === ebml.pixelWidth) found.width = uint(body, stop - body)
      else if (id.value === ebml.pixelHeight) found.height = uint(body, stop - body)
      else if (inside.has(id.value)) {
        const inner = walk(body, stop)
        if (inner.width && inner.height) return inner
      }
      if (found.width && found.height) return found
      at = stop
    }
    return found
  }
  if (vint(0, true)?.value !== ebml.header) return undefined
  const { width, height } = walk(0, bytes.length)
  return width && height ? { width, height } : undefined
}
