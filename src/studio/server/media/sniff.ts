import { sniff } from '../../../compiler/site/media-files.ts'

/** What an upload really is, from its bytes; HEIC is told apart from AVIF and MP4 (all three start with "ftyp"). */
export type UploadKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'svg' | 'mp4' | 'webm'

const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'])

/**
 * The kind `bytes` hold, or undefined for anything this site cannot show,
 * whatever the file was called. The build's own sniff decides, so an import
 * and the check never disagree; only the ftyp brands are read further.
 */
export function sniffUpload(bytes: Uint8Array): UploadKind | undefined {
  const kind = sniff(bytes.subarray(0, 64))
  if (kind !== 'mp4' && kind !== 'avif') return kind
  const brands = ftypBrands(bytes)
  if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif'
  if (brands.some((b) => heifBrands.has(b))) return 'heic'
  return 'mp4'
}

/** The major brand and the compatible brands of an ISO media file's "ftyp" box. */
function ftypBrands(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const size = bytes.length >= 8 ? Math.min(view.getUint32(0), bytes.length, 256) : 0
  const brands: string[] = []
  for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4) brands.push(String.fromCharCode(...bytes.subarray(at, at + 4)))
  return brands
}
