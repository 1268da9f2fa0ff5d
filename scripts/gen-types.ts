/**
 * `npm run gen`: writes what is derived from schema/ — the TypeScript types
 * and the editor schemas under src/generated/. With --check, writes nothing
 * and fails when a committed file is stale. A schema that breaks a rule
 * (a misspelt keyword, a field with no description, an example that fails
 * a page's check) is reported where it is, and nothing is written.
 */
import { join } from 'node:path'
import { changedOutputs, writeGenerated } from '../src/compiler/codegen/generated-outputs'
import { PageProblemsError } from '../src/compiler/problems/problems'

const root = join(import.meta.dirname, '..')
if (process.argv.includes('--check')) {
  const stale = await changedOutputs(root)
  for (const [name] of stale) console.error(`${name} is out of date with schema/. Run: npm run gen`)
  if (stale.length) process.exit(1)
} else {
  try {
    for (const name of await writeGenerated(root)) console.log(`Wrote ${name}`)
  } catch (error) {
    if (!(error instanceof PageProblemsError)) throw error
    console.error(`${error.message}\n\nnpm run gen wrote nothing: the types are made from schemas that keep every rule.`)
    process.exit(1)
  }
}
