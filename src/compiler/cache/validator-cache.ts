import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type Ajv from 'ajv/dist/core.js'
import type { ValidateFunction } from 'ajv/dist/core.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import { cacheKindDir, keepNewest } from './cache-file.ts'
import { writeFileAtomic } from '../site/plain-files.ts'
import { hashOfFiles } from './content-hash.ts'

/**
 * The schema set's validators, kept between runs as the code Ajv compiled
 * them to (its "standalone" code): compiling every schema is a noticeable
 * part of each check and build, and of each worker thread, and loading the
 * code a small fraction of it (docs/measurements.md, "The compiler's
 * caches"). The file is named by the page cache's code hash (src/,
 * schema/, the installed packages, Node's version), so a change of any
 * schema or of Ajv compiles them again: a content hash, never a date.
 */
const kept = 4

/** The folder of kept validators is shared by project copies: the same hash is the same code. */
export function validatorCacheFile(root: string, code: string): string {
  return join(cacheKindDir(root, 'site-validators'), `${code}.js`)
}

/**
 * The file a run's validators are kept in: the run's (named by its code
 * key), named also by the schemas as they are when compiled. Why: the code
 * key is taken before the schemas are read, and a schema saved in between
 * kept one schema's validators under the other's name (check-site.test.ts's
 * schema saved while the check runs, which failed once in two runs).
 */
export function keptValidatorsOf(file: string, schemaDir: string): string {
  return file.replace(/(\.js)?$/, `-${hashOfFiles(schemaDir, [schemaDir]).slice(0, 16)}.js`)
}

/** The name by which the kept code reaches the formats ("link", "media"...), which check against the site of the run. */
export const formatsName = 'formats'

const requireFromHere = createRequire(import.meta.url)
/** The kept code may require Ajv's own helpers (string length, deep equality, URIs) and nothing else. */
function requireAjvRuntime(id: string): unknown {
  if (!/^ajv\/dist\/runtime\/[A-Za-z0-9_]+$/.test(id)) throw new Error(`kept validators may not require ${id}`)
  return requireFromHere(id)
}

/**
 * The validators kept in `file`, by name, checking formats with `formats`;
 * undefined when there is no such file or it cannot be run (damaged), and
 * they are compiled again.
 */
export function readKeptValidators(file: string, formats: Record<string, unknown>): Map<string, ValidateFunction> | undefined {
  let source: string
  try {
    source = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  try {
    const made = new Function(formatsName, 'require', source)(formats, requireAjvRuntime) as Record<string, ValidateFunction> | undefined
    if (!made || typeof made !== 'object' || !Object.values(made).every((validate) => typeof validate === 'function')) return undefined
    return new Map(Object.entries(made))
  } catch {
    return undefined
  }
}

/**
 * Keep validators compiled by `ajv` (made with `code: { source: true }`)
 * in `file`: one function body that returns them by name, each in a scope
 * of its own, written whole or not at all.
 */
export function keepValidators(file: string, ajv: Ajv, validators: ReadonlyMap<string, ValidateFunction>): void {
  let source = '"use strict";\nconst validators = {};\n'
  for (const [name, validate] of validators) {
    source += `validators[${JSON.stringify(name)}] = (() => {\nconst module = { exports: {} };\n${standaloneCode(ajv, validate)}\nreturn module.exports;\n})();\n`
  }
  source += 'return validators;\n'
  mkdirSync(dirname(file), { recursive: true })
  writeFileAtomic(file, source)
  keepNewest(dirname(file), kept)
}
