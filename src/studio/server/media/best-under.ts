/**
 * The best of `settings` (best first; bytes fall along the list) whose
 * encoding is under `budget` bytes, found by halving the list: three
 * encodings of seven instead of up to seven. `fits` is false when none is
 * under, and then `bytes` is the last setting's encoding.
 */
export async function bestUnder<T>(settings: readonly T[], budget: number, encode: (setting: T) => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; fits: boolean }> {
  let fit: Uint8Array | undefined
  let over: Uint8Array | undefined
  // settings[best] is the best known to fit (none yet: length); none before lo does.
  let lo = 0
  let best = settings.length
  while (lo < best) {
    const mid = (lo + best) >> 1
    const bytes = await encode(settings[mid]!)
    if (bytes.length < budget) [fit, best] = [bytes, mid]
    else [over, lo] = [bytes, mid + 1]
  }
  return fit ? { bytes: fit, fits: true } : { bytes: over!, fits: false }
}
