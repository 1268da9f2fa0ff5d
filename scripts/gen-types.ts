/**
 * `npm run gen`: writes what is derived from schema/ — the TypeScript types
 * and the editor schemas under src/generated/. With --check, writes nothing
 * and fails when a committed file is stale.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generatedOutputs, writeGenerated } from '../src/compiler/codegen/generated-outputs'

const root = join(import.meta.dirname, '..')
if (process.argv.includes('--check')) {
  let stale = 0
  for (const [name, fresh] of await generatedOutputs(root)) {
    let current = ''
    try {
      current = readFileSync(join(root, name), 'utf8')
    } catch {}
    if (current === fresh) continue
    console.error(`${name} is out of date with schema/. Run: npm run gen`)
    stale++
  }
  if (stale) process.exit(1)
} else {
  for (const name of await writeGenerated(root)) console.log(`Wrote ${name}`)
}
