import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { editorSchemas } from './editor-schema.ts'
import { generateTypes } from './generate-types.ts'
import { writeFileAtomic } from '../site/plain-files.ts'
import { guideBlockTable, withGuideTable } from './guide-blocks.ts'
import { problemsReference } from './problems-doc.ts'
import { readSchemaFiles } from '../schema/schema-files.ts'
import { PageProblemsError } from '../problems/problems.ts'
import { projectPaths } from '../site/project-paths.ts'
import { schemaRuleProblems } from '../site/schema-examples.ts'

/**
 * Every file derived from schema/, as [path relative to the root, content]:
 * written by `npm run gen`, compared by a test so a stale one fails CI
 * (the authors' guide's table of blocks among them).
 */
export async function generatedOutputs(root: string): Promise<[string, string][]> {
  const schemaDir = join(root, 'schema')
  const guide = readIfThere(join(root, guidePath))
  return [
    ['src/generated/schema-types.ts', await generateTypes(schemaDir)],
    ...Object.entries(editorSchemas(schemaDir)).map(([name, schema]): [string, string] => [`src/generated/editor/${name}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`]),
    // The authors' guide is theirs but for its table of blocks (guide-blocks.ts).
    ...(guide === undefined ? [] : [[guidePath, withGuideTable(guide, guideBlockTable(readSchemaFiles(schemaDir).blocks))] as [string, string]]),
    // The reference of every problem's code, from the catalogue (problems-doc.ts), where the project keeps one.
    ...(readIfThere(join(root, problemsPath)) === undefined ? [] : [[problemsPath, problemsReference()] as [string, string]]),
  ]
}

const guidePath = 'docs/authoring.md'
const problemsPath = 'docs/problems.md'

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** The derived files whose content on disk differs from what schema/ makes now (missing ones too), with that content. */
export async function changedOutputs(root: string): Promise<[string, string][]> {
  return (await generatedOutputs(root)).filter(([name, fresh]) => readIfThere(join(root, name)) !== fresh)
}

/**
 * Write every derived file that differs from what schema/ makes now (`npm
 * run gen`); returns the names written. A schema that breaks a rule
 * (schema-examples.ts's schemaRuleProblems) writes nothing: its problems
 * are thrown, located, before any type is made from it.
 */
export async function writeGenerated(root: string): Promise<string[]> {
  const problems = schemaRuleProblems(projectPaths(root))
  if (problems.length) throw new PageProblemsError(problems)
  const changed = await changedOutputs(root)
  for (const [name, fresh] of changed) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileAtomic(join(root, name), fresh)
  }
  return changed.map(([name]) => name)
}
