import { rmSync } from 'node:fs'
import { outputPlaces } from '../../src/compiler/bundle/output-swap'

/**
 * After the browser tests: remove the catalogue's build (playwright.config.ts
 * builds it into the system's temporary folder, under a name with this run's
 * port), its versions and its trash, which would otherwise stay behind, about
 * 11 MB a run.
 */
export default function removeCatalogue(): void {
  const dist = process.env.E2E_CATALOGUE_DIST
  if (!dist) return
  const places = outputPlaces(dist)
  for (const path of [places.outDir, places.versions, places.trash]) rmSync(path, { recursive: true, force: true })
}
