import { readFileSync, realpathSync } from 'node:fs'
import { writeFileAtomic } from '../site/plain-files.ts'
import { join, relative } from 'node:path'
import { listFiles, sharedFile, type ProjectPaths } from '../site/project-paths.ts'
import { loadSite } from '../site/load-site.ts'
import { staleGenerated } from '../codegen/schema-hash.ts'
import { migrateSource, type MigratedFile } from './migrate-file.ts'
import { describeStep, describeSteps, type BlockVersioning } from './migrate-steps.ts'
import { formatProblems, PageProblemsError, type Problem } from '../problems/problems.ts'
import { routeFromFile } from '../../shared/routes.ts'
import { readBlockSchemas } from '../schema/schema-set.ts'
import { findFieldReads, type ChangedBlock } from './field-reads.ts'
import { readSchemaFiles } from '../schema/schema-files.ts'

export interface MigrationPlan {
  /** The files that change, with their new text. */
  files: MigratedFile[]
  /** Conflicts and unreadable files; when there is any, nothing may be written. */
  problems: Problem[]
}

/**
 * Test fixtures that are pages: data, which a migration rewrites like the
 * pages. tests/fixtures/migrate holds the migrations' own old and new
 * shapes, and stays as it is.
 */
const fixturesDir = 'tests/fixtures'
const keptFixtures = 'tests/fixtures/migrate/'

/** What `npm run migrate` would do to every page, pages/_shared.yaml and page fixture, computed without writing. */
export function planMigration(paths: ProjectPaths): MigrationPlan {
  let versions: ReadonlyMap<string, BlockVersioning>
  try {
    versions = readBlockSchemas(paths.schemaDir)
  } catch (error) {
    if (error instanceof PageProblemsError) return { files: [], problems: error.problems }
    throw error
  }
  const files: MigratedFile[] = []
  const problems: Problem[] = []
  for (const path of listFiles(paths.pagesDir)) {
    const rel = relative(paths.pagesDir, path).replace(/\\/g, '/')
    const shared = rel === sharedFile
    if (!shared && routeFromFile(rel).kind !== 'route') continue
    const migrated = migrateSource(relative(paths.root, path).replace(/\\/g, '/'), readFileSync(path), versions, shared)
    problems.push(...migrated.problems)
    if (migrated.changes.length || migrated.removedVersions) files.push(migrated)
  }
  for (const path of listFiles(join(paths.root, fixturesDir))) {
    const file = relative(paths.root, path).replace(/\\/g, '/')
    if (!/\.ya?ml$/.test(file) || file.startsWith(keptFixtures)) continue
    // A fixture may be broken on purpose; one that cannot be read is left as it is.
    const migrated = migrateSource(file, readFileSync(path), versions, file.endsWith(`/${sharedFile}`))
    if (!migrated.problems.length && (migrated.changes.length || migrated.removedVersions)) files.push(migrated)
  }
  return { files, problems }
}

/** Write a plan's files; refuses a plan with problems, so a conflict anywhere changes nothing. */
export function writeMigration(paths: ProjectPaths, plan: MigrationPlan): void {
  if (plan.problems.length) throw new PageProblemsError(plan.problems)
  // A page reached through a link inside pages/ is rewritten where it really lives; the link stays.
  for (const file of plan.files) writeFileAtomic(realpathSync(join(paths.root, file.file)), file.text)
}

/** `pages/x.yaml: 1 "hero" block rewritten (rename "title" to "heading")`, one line per block type. */
export function summarize(plan: MigrationPlan): string {
  const lines: string[] = []
  for (const file of plan.files) {
    for (const change of file.changes) {
      const single = new Set(change.steps.map((s) => s.version)).size === 1
      const steps = single ? change.steps.map(describeStep).join(', ') : describeSteps(change.steps)
      const blocks = `${change.blocks} ${JSON.stringify(change.type)} ${change.blocks === 1 ? 'block' : 'blocks'}`
      lines.push(`${file.file}: ${blocks} rewritten (${steps})`)
    }
    if (file.removedVersions) lines.push(`${file.file}: "versions:" removed; the check tells old blocks by their fields`)
    if (file.reformattedLine) {
      lines.push(`    note: rewriting ${file.file} also changes its layout from line ${file.reformattedLine}, which the migration did not need to touch; review the diff.`)
    }
  }
  return lines.join('\n')
}

/**
 * `npm run migrate [-- --dry-run]`: the report to print and the exit code.
 * A dry run writes nothing and exits 1 when anything is pending (for CI).
 */
export function migrateProject(paths: ProjectPaths, options: { dryRun?: boolean } = {}): { exitCode: number; report: string; problems: Problem[] } {
  const plan = planMigration(paths)
  if (plan.problems.length) {
    return { exitCode: 1, report: `${formatProblems(plan.problems)}\n\nNothing was written. Fix these, then run npm run migrate again.`, problems: plan.problems }
  }
  if (!plan.files.length) return { exitCode: 0, report: 'Nothing to migrate.', problems: [] }
  const count = `${plan.files.length} ${plan.files.length === 1 ? 'file' : 'files'}`
  if (options.dryRun) return { exitCode: 1, report: `${summarize(plan)}\n\nWould migrate ${count}; nothing was written. Run npm run migrate to apply.`, problems: [] }
  writeMigration(paths, plan)
  const after = loadSite(paths).problems
  // After a schema change src/generated/ is usually stale too, which the check also refuses: said apart, as the next step.
  const stale = staleGenerated(paths.root) !== undefined
  const check = after.length
    ? `The check still finds problems in the pages:\n\n${formatProblems(after)}`
    : stale
      ? 'The pages pass the check. src/generated/ is out of date with the schema: run npm run gen, then npm run typecheck (npm run check refuses it until then).'
      : 'npm run check finds no problems.'
  return { exitCode: 0, report: `${summarize(plan)}\n\nMigrated ${count}. ${check}${fieldReadsReport(paths, plan)}`, problems: after }
}

/**
 * The reads in code of a field this run renamed or moved, found by
 * TypeScript on the block's generated type (field-reads.ts): what is left
 * to change by hand, and nothing else.
 */
function fieldReadsReport(paths: ProjectPaths, plan: MigrationPlan): string {
  const schemas = readSchemaFiles(paths.schemaDir).blocks
  const byType = new Map<string, ChangedBlock>()
  for (const change of plan.files.flatMap((f) => f.changes)) {
    const typeName = schemas.get(change.type)?.schema.title
    if (typeof typeName !== 'string') continue
    const known = byType.get(change.type)
    byType.set(change.type, { type: change.type, typeName, steps: [...new Set([...(known?.steps ?? []), ...change.steps])] })
  }
  const reads = findFieldReads(paths.root, [...byType.values()])
  if (!reads.length) return ''
  const fields = [...new Set(reads.map((r) => `"${r.field}" of "${r.type}"`))].join(', ')
  return `\n\nThe code still reads ${fields}, which the migration renamed or moved (found by TypeScript on the block's type; change each, then npm run gen and npm run typecheck):\n${reads.map((r) => `  ${r.file}:${r.line}:${r.column}  ${r.text}`).join('\n')}`
}
