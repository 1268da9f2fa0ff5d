import { join } from 'node:path'
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
