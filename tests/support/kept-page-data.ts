import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Change a kept page's data by hand, as someone editing the page cache
 * would: one letter of the title of the first page in one of its data files
 * (a header line saying where each page's bytes are, then the bytes; see
 * src/compiler/cache/page-cache.ts). Returns that page's route.
 */
export function changeKeptPageData(cacheDir: string): string {
  const dataFile = readdirSync(cacheDir).find((name) => name.startsWith('data-'))!
  const bytes = readFileSync(join(cacheDir, dataFile))
  const body = bytes.indexOf('\n') + 1
  const [route, start] = (JSON.parse(bytes.subarray(0, body).toString()) as { pages: [string, number, number][] }).pages[0]!
  const title = bytes.indexOf('"title":"', body + start) + '"title":"'.length
  bytes[title] = bytes[title] === 0x5a ? 0x59 : 0x5a
  writeFileSync(join(cacheDir, dataFile), bytes)
  return route
}
