import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { walkFiles } from '../site/project-files.ts'

/** The generated file that carries the hash of the schemas it was made from. */
export const generatedTypesFile = 'src/generated/schema-types.ts'

/**
 * A short hash of every schema file, names and bytes: what `npm run gen`
 * wrote src/generated/ from. Hashing takes a millisecond where generating
 * the types again takes half a second, so the build and the check can ask
 * on every run whether src/generated/ is current.
 */
export function schemaHash(schemaDir: string): string {
  const hash = createHash('sha256')
  for (const file of walkFiles(schemaDir).files.filter((f) => f.endsWith('.json'))) {
    hash.update(relative(schemaDir, file).replace(/\\/g, '/')).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/** The line the generated types start with, naming the schemas' hash. */
export function generatedBanner(hash: string): string {
  return `/* Generated from schema/ (schema hash ${hash}) by \`npm run gen\`. Do not edit: change the schemas instead. */`
}

/**
 * A located problem when src/generated/ was made from other schemas than
 * schema/ holds now (a schema edited, `npm run gen` not run): components
 * would be type-checked against, and the studio would offer, what the
 * schemas no longer say.
 */
export function staleGenerated(root: string): Problem | undefined {
  const file = join(root, generatedTypesFile)
  const firstLine = existsSync(file) ? readFileSync(file, 'utf8').split('\n', 1)[0]! : ''
  const made = /schema hash ([0-9a-f]+)/.exec(firstLine)?.[1]
  if (made === schemaHash(join(root, 'schema'))) return undefined
  return problem('GeneratedStale', { missing: !existsSync(file) }, { file: generatedTypesFile, line: 1, column: 1 })
}

/**
 * A project's problems with the stale-generated one added where it applies:
 * what `npm run check` and `npm run build` stop on. Not while a schema file
 * has a problem of its own: the schema is then edited but not yet right,
 * and `npm run gen` refuses it, so "run npm run gen" would send the
 * developer the wrong way.
 */
export function withStaleGenerated(problems: readonly Problem[], root: string): Problem[] {
  if (problems.some((p) => p.file.startsWith('schema/'))) return [...problems]
  const stale = staleGenerated(root)
  return stale ? [...problems, stale] : [...problems]
}
