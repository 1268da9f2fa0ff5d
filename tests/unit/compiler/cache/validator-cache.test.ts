import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadSchemaSet, type SchemaSet } from '../../../../src/compiler/schema/schema-set'
import { keptValidatorsOf, readKeptValidators } from '../../../../src/compiler/cache/validator-cache'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The validators a run compiled, kept as code for the next run with the
 * same schemas and code (every-keyword.test.ts checks that they answer as
 * compiled ones do; page-cache.test.ts that a schema's change is not
 * answered by old ones). Here: what the kept file may do, and what happens
 * when it cannot be used.
 */
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
function keptFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kept-validators-'))
  dirs.push(dir)
  return join(dir, 'validators.js')
}

const schemaDir = join(projectRoot, 'schema')
const compiledByAjv = (set: SchemaSet) => 'schemaEnv' in set.page
const linkTo = (set: SchemaSet, href: string) => set.blocks.get('callout')!.validate({ type: 'callout', prefix: 'We reach', phrases: ['people'], action: { label: 'Go', href } })

it('checks links and media against each run’s own site, not the one the code was kept from', () => {
  const file = keptFile()
  const first = loadSchemaSet(schemaDir, { routes: new Set(['/about-us']), media: new Set() }, { keptValidators: file })
  expect(compiledByAjv(first)).toBe(true)
  expect(linkTo(first, '/about-us')).toBe(true)
  const later = loadSchemaSet(schemaDir, { routes: new Set(['/contact']), media: new Set() }, { keptValidators: file })
  expect(compiledByAjv(later)).toBe(false)
  expect(linkTo(later, '/about-us')).toBe(false)
  expect(linkTo(later, '/contact')).toBe(true)
})

it('compiles again, and keeps anew, when the kept file is damaged or lacks a validator', () => {
  const file = keptFile()
  const targets = { routes: new Set(['/']), media: new Set<string>() }
  loadSchemaSet(schemaDir, targets, { keptValidators: file })
  const kept = keptValidatorsOf(file, schemaDir)
  const whole = readFileSync(kept, 'utf8')
  for (const damaged of [whole.slice(0, whole.length / 2), 'return { page: () => true }', '']) {
    writeFileSync(kept, damaged)
    const set = loadSchemaSet(schemaDir, targets, { keptValidators: file })
    expect(compiledByAjv(set)).toBe(true)
    expect(set.page({ title: 'T' }), 'a page without blocks is refused').toBe(false)
    expect(readFileSync(kept, 'utf8')).toBe(whole)
  }
})

it('lets the kept code require Ajv’s own helpers and nothing else', () => {
  const file = keptFile()
  writeFileSync(file, 'const fs = require("node:fs"); return { page: () => true }')
  expect(readKeptValidators(file, {})).toBeUndefined()
  writeFileSync(file, 'const equal = require("ajv/dist/runtime/equal").default; return { page: (data) => equal(data, 1) }')
  expect(readKeptValidators(file, {})?.get('page')?.(1)).toBe(true)
})
