import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

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
 * Every schema needs a component and every component a schema; returns one
 * sentence per mismatch (empty when the two agree).
 */
export function registryMismatches(blockTypes: readonly string[], components: Map<string, string>): string[] {
  const problems: string[] = []
  for (const type of blockTypes) {
    if (!components.has(type)) problems.push(`Block "${type}" has a schema but no component: add src/blocks/${type}/index.tsx.`)
  }
  for (const type of components.keys()) {
    if (!blockTypes.includes(type)) problems.push(`Block "${type}" has a component but no schema: add schema/blocks/${type}.schema.json.`)
  }
  return problems
}
