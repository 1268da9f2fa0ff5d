/**
 * `npm run gen`: writes what is derived from schema/ — the TypeScript types
 * and the editor schemas under src/generated/. With --check, writes nothing
 * and fails when a committed file is stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { generatedOutputs } from '../src/compiler/codegen/generated-outputs'

const root = join(import.meta.dirname, '..')
const check = process.argv.includes('--check')
let stale = 0
for (const [name, fresh] of await generatedOutputs(root)) {
  const target = join(root, name)
  let current = ''
  try {
    current = readFileSync(target, 'utf8')
  } catch {}
  if (current === fresh) continue
  if (check) {
    console.error(`${name} is out of date with schema/. Run: npm run gen`)
    stale++
  } else {
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, fresh)
    console.log(`Wrote ${name}`)
  }
}
if (stale) process.exit(1)
