import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { editorSchemas } from './editor-schema.ts'
import { generateTypes } from './generate-types.ts'

/**
 * Every file derived from schema/, as [path relative to the root, content]:
 * written by `npm run gen`, compared by a test so a stale one fails CI.
 */
export async function generatedOutputs(root: string): Promise<[string, string][]> {
  const schemaDir = join(root, 'schema')
  return [
    ['src/generated/schema-types.ts', await generateTypes(schemaDir)],
    ...Object.entries(editorSchemas(schemaDir)).map(([name, schema]): [string, string] => [`src/generated/editor/${name}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`]),
  ]
}

/** Write every derived file that differs from what schema/ makes now (`npm run gen`); returns the names written. */
export async function writeGenerated(root: string): Promise<string[]> {
  const written: string[] = []
  for (const [name, fresh] of await generatedOutputs(root)) {
    const target = join(root, name)
    let current = ''
    try {
      current = readFileSync(target, 'utf8')
    } catch {}
    if (current === fresh) continue
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, fresh)
    written.push(name)
  }
  return written
}
