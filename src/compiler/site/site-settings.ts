import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import { validateDocument } from '../schema/validate-page.ts'
import type { parseYaml } from '../yaml/parse-yaml.ts'
import { display, siteFile, type ProjectPaths } from './project-paths.ts'
import { readAndParse } from './page-checks.ts'
import type { Site } from '../../generated/schema-types.ts'

/** The site settings (pages/_site.yaml), read and checked: the settings, if they pass, and their problems. */
export function siteSettings(paths: ProjectPaths, schemas: SchemaSet): { site: Site | undefined; after: Problem[] } {
  const after: Problem[] = []
  const sitePath = join(paths.pagesDir, siteFile)
  const read: ReturnType<typeof parseYaml> = existsSync(sitePath)
    ? readAndParse(paths, sitePath)
    : { ok: false, problems: [problem('MissingSiteFile', {}, { file: display(paths, sitePath), line: 1, column: 1 })] }
  if (!read.ok) return { site: undefined, after: read.problems }
  const siteProblems = validateDocument(read.parsed, read.value, schemas)
  after.push(...siteProblems)
  return { site: siteProblems.length ? undefined : (read.value as Site), after }
}
