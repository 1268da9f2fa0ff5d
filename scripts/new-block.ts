/**
 * `npm run new-block -- <type>`: writes a working block type (its schema,
 * component, styles and test), then makes the types (and its row in
 * docs/authoring.md) from the schemas again, so `npm run check` and `npm run build`
 * pass at once. Nothing is overwritten: a taken name is refused.
 */
import { join } from 'node:path'
import { writeNewBlock } from '../src/compiler/scaffold/write-new-block'

const type = process.argv[2]
if (!type) {
  console.error('Usage: npm run new-block -- <type>   (lower-case words joined by dashes, e.g. pricing-table)')
  process.exit(2)
}
const made = await writeNewBlock(join(import.meta.dirname, '..'), type)
if (!made.ok) {
  console.error(made.reason)
  process.exit(1)
}
for (const file of made.written) console.log(`Wrote ${file}`)
console.log(`
The "${type}" block works now. Put it on a page with "- type: ${type}" (the catalogue's example
shows its fields), then make it yours:
  schema/blocks/${type}.schema.json   its fields, limits, description and example (npm run gen after each change)
  src/blocks/${type}/index.tsx        what it draws
  src/blocks/${type}/${type}.module.css
  tests/unit/blocks/${type}/index.test.tsx  what it must show
and say what it is for in the first sentence of its schema's "description" (npm run gen makes its row in docs/authoring.md from it). Its tests, with the registry's and the guides':
  npx vitest run tests/unit/blocks/${type} tests/unit/compiler/site/block-registry.test.ts tests/unit/compiler/codegen tests/unit/docs`)
