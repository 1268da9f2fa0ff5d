/**
 * `npm run history -- /route`: the page's published versions, newest first,
 * one a line ("abc1234  2026-11-25 14:03  Ada Author  message"). A deleted
 * page's route works too; `git show <commit>:<path>` prints a version.
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { formatVersion, routeHistory } from '../src/studio/server/publish/index.ts'

const { values, positionals } = readArguments(() => parseArgs({ options: { root: { type: 'string' } }, allowPositionals: true }), 'npm run history -- /the/page/address')
const root = values.root ? resolve(values.root) : join(import.meta.dirname, '..')
const route = positionals[0]
if (!route?.startsWith('/')) {
  console.error('Say which page, by its address: npm run history -- /about-us')
  process.exit(2)
}
const found = await routeHistory(root, route)
if (!found) {
  console.error(`No page has the address ${route}, now or in its history (the address of pages/about-us.yaml is /about-us).`)
  process.exit(1)
}
for (const version of found.versions) console.log(formatVersion(version))
