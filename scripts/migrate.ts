/**
 * `npm run migrate [-- --dry-run]`: bring every page and pages/_shared.yaml
 * up to the current version of their block schemas ("x-version" and
 * "x-migrations", see docs/blocks.md), rewriting the YAML in place with its
 * comments and layout. Writes nothing if any file has a conflict. With
 * --dry-run, prints what would change and exits 1 if anything is pending.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line'
import { projectPaths } from '../src/compiler/index'
import { migrateProject } from '../src/compiler/migrate/migrate'

const { values } = readArguments(() => parseArgs({ options: { 'dry-run': { type: 'boolean' } } }), 'npm run migrate [-- --dry-run]')
const { exitCode, report, problems } = migrateProject(projectPaths(join(import.meta.dirname, '..')), { dryRun: values['dry-run'] ?? false })
if (problems.length) console.error(report)
else console.log(report)
process.exit(exitCode)
