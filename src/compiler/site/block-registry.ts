import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { blockSchemaFile } from '../schema/schema-files.ts'

/**
 * Block components by type, derived from the folders under src/blocks:
 * src/blocks/<type>/index.tsx renders blocks of <type>. Nobody keeps a list.
 */
export function listBlockComponents(blocksDir: string): Map<string, string> {
  const components = new Map<string, string>()
  for (const name of readdirSync(blocksDir).sort()) {
    const file = join(blocksDir, name, 'index.tsx')
    if (existsSync(file)) components.set(name, file)
  }
  return components
}

/**
 * Every schema needs a component and every component a schema. One located
 * problem per mismatch (none when the two agree): a schema without a
 * component at the schema file, a component without a schema at the
 * component file. `display` turns an absolute path into the project-relative
 * name problems carry.
 */
export function registryMismatches(
  blockTypes: readonly string[],
  components: ReadonlyMap<string, string>,
  files: { schemaDir: string; display: (path: string) => string },
): Problem[] {
  const problems: Problem[] = []
  for (const type of blockTypes) {
    if (!components.has(type)) {
      const file = files.display(join(files.schemaDir, blockSchemaFile(type)))
      problems.push(problem('BlockWithoutComponent', { type }, { file, line: 1, column: 1 }))
    }
  }
  for (const [type, path] of components) {
    if (!blockTypes.includes(type)) problems.push(problem('ComponentWithoutSchema', { type }, { file: files.display(path), line: 1, column: 1 }))
  }
  return problems
}
