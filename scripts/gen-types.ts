/**
 * `npm run gen`: writes what is derived from schema/ — the TypeScript types
 * and the editor schemas under src/generated/. With --check, writes nothing
 * and fails when a committed file is stale.
 */
import { join } from 'node:path'
import { changedOutputs, writeGenerated } from '../src/compiler/codegen/generated-outputs'

const root = join(import.meta.dirname, '..')
if (process.argv.includes('--check')) {
  const stale = await changedOutputs(root)
  for (const [name] of stale) console.error(`${name} is out of date with schema/. Run: npm run gen`)
  if (stale.length) process.exit(1)
} else {
  for (const name of await writeGenerated(root)) console.log(`Wrote ${name}`)
}
