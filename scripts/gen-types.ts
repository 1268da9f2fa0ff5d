/**
 * Writes src/generated/schema-types.ts from schema/. With --check, writes
 * nothing and fails when the committed file is stale (CI runs this).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { generateTypes } from '../src/build/generate-types'

const root = join(import.meta.dirname, '..')
const target = join(root, 'src/generated/schema-types.ts')
const fresh = await generateTypes(join(root, 'schema'))
let current = ''
try {
  current = readFileSync(target, 'utf8')
} catch {}
if (process.argv.includes('--check')) {
  if (current !== fresh) {
    console.error('src/generated/schema-types.ts is out of date with schema/. Run: npm run gen')
    process.exit(1)
  }
  console.log('Generated types are up to date.')
} else if (current !== fresh) {
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, fresh)
  console.log('Wrote src/generated/schema-types.ts')
}
