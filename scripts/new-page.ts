/**
 * `npm run new-page -- <route> [--like <existing route>]`: writes a valid
 * starter page for the route under pages/, or explains why it will not.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { writeFileAtomic } from '../src/compiler/site/plain-files'
import { dirname, join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line'
import { loadSite, projectPaths } from '../src/compiler/index'
import { planNewPage } from '../src/compiler/migrate/new-page'
import { formatProblems } from '../src/compiler/problems/problems'
import { readBlockSchemas } from '../src/compiler/schema/schema-set'
import { nearest } from '../src/compiler/problems/suggest'

const root = join(import.meta.dirname, '..')
const paths = projectPaths(root)
const usage = 'npm run new-page -- /the/new/route [--like /an/existing/route]'
const { values, positionals } = readArguments(() => parseArgs({ allowPositionals: true, options: { like: { type: 'string' } } }), usage)
const route = positionals[0]
if (!route) {
  console.error(`Say the new page's address.\nUsage: ${usage}`)
  process.exit(2)
}
const { routes } = loadSite(paths)
const existing = new Map([...routes].map(([r, file]) => [r, relative(root, file)]))
let likeSource: string | undefined
if (values.like !== undefined) {
  const likeFile = routes.get(values.like)
  if (!likeFile) {
    const suggestion = nearest(values.like, [...routes.keys()])
    console.error(`--like ${values.like}: there is no such page.${suggestion ? ` Did you mean ${suggestion}?` : ` The pages are: ${[...routes.keys()].sort().join(', ')}`}`)
    process.exit(1)
  }
  likeSource = readFileSync(likeFile, 'utf8')
}
const plan = planNewPage(route, existing, readBlockSchemas(paths.schemaDir), likeSource)
if (!plan.ok) {
  console.error(plan.reason)
  process.exit(1)
}
const target = join(paths.pagesDir, plan.file)
if (existsSync(target)) {
  console.error(`pages/${plan.file} already exists; nothing was written.`)
  process.exit(1)
}
mkdirSync(dirname(target), { recursive: true })
writeFileAtomic(target, plan.yaml, { exclusive: true })
const after = loadSite(paths).problems.filter((p) => p.file === `pages/${plan.file}`)
console.log(`Wrote pages/${plan.file}. It will be the page ${route}.`)
if (values.like !== undefined) {
  console.log(`It is a copy of ${relative(root, routes.get(values.like)!)} with a new title and description: replace the rest of the copied words and pictures with this page's.`)
}
if (after.length) console.log(`\nIt needs a few fixes before it builds:\n\n${formatProblems(after)}`)
console.log('\nNext: edit the file, run `npm run check`, and preview with `npm run dev`.')
