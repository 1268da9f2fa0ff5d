import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkPageSource } from '../../../../src/compiler/index'
import { loadSchemaSet } from '../../../../src/compiler/schema/schema-set'
import { schemaKeywords } from '../../../../src/compiler/schema/schema-refusal'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * Every keyword a block schema may use (schema-refusal.ts's list), each in
 * a field of a block, with a page that breaks it: the author reads a
 * sentence in words at the place, never the bare name of a rule, and never
 * a field said to be missing that is there. A keyword added to the list
 * without a case here fails the first test.
 */
type Case = { schema: Record<string, unknown>; yaml: string; missing?: boolean; says: string }

/** Keywords that check nothing about a page's value (annotations, references, this project's migrations), or whose cases are their partners'. */
const notChecks = ['$schema', '$id', '$ref', '$defs', '$comment', 'title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'x-version', 'x-migrations', 'x-field', 'then', 'else', 'minContains', 'maxContains']

const cases: Record<string, Case> = {
  type: { schema: { type: 'integer' }, yaml: 'value: many', says: '5:12 "value" must be a whole number, but here it is text.' },
  enum: { schema: { type: 'string', enum: ['small', 'large'] }, yaml: 'value: huge', says: '5:12 "huge" is not an allowed value for "value".' },
  const: { schema: { const: 'fixed' }, yaml: 'value: loose', says: '5:12 "loose" is not an allowed value for "value".' },
  format: { schema: { $ref: '../defs.schema.json#/$defs/href' }, yaml: 'value: /no-such-page', says: '5:12 The link "/no-such-page" goes to a page that does not exist.' },
  properties: { schema: { type: 'object', properties: { size: { type: 'integer' } } }, yaml: 'value:\n      size: big', says: '6:13 "size" must be a whole number, but here it is text.' },
  required: { schema: { type: 'object', required: ['size'], properties: { size: { type: 'integer' }, name: { type: 'string' } } }, yaml: 'value:\n      name: x', missing: true, says: '6:7 "value" in the "k-required" block is missing the required field "size".' },
  additionalProperties: { schema: { type: 'object', additionalProperties: false, properties: { size: { type: 'integer' } } }, yaml: 'value:\n      sise: 2', says: '6:7 "sise" is not a field of "value" in the "k-additionalproperties" block.' },
  patternProperties: { schema: { type: 'object', patternProperties: { '^x-': { type: 'integer' } } }, yaml: 'value:\n      x-count: many', says: '6:16 "x-count" must be a whole number, but here it is text.' },
  propertyNames: { schema: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, yaml: 'value:\n      Bad_Name: 1', says: '6:7 "Bad_Name" cannot be the name of a field in "value".' },
  minProperties: { schema: { type: 'object', minProperties: 2 }, yaml: 'value:\n      a: 1', says: '6:7 "value" needs at least 2 fields, but has 1.' },
  maxProperties: { schema: { type: 'object', maxProperties: 1 }, yaml: 'value:\n      a: 1\n      b: 2', says: '6:7 "value" may have at most 1 field, but has 2.' },
  dependentRequired: { schema: { type: 'object', properties: { price: { type: 'number' }, currency: { type: 'string' } }, dependentRequired: { price: ['currency'] } }, yaml: 'value:\n      price: 10', missing: true, says: '6:7 "value" in the "k-dependentrequired" block is missing the required field "currency".' },
  dependentSchemas: { schema: { type: 'object', properties: { price: { type: 'number' }, currency: { type: 'string' } }, dependentSchemas: { price: { required: ['currency'] } } }, yaml: 'value:\n      price: 10', missing: true, says: '6:7 "value" in the "k-dependentschemas" block is missing the required field "currency".' },
  items: { schema: { type: 'array', items: { type: 'integer' } }, yaml: 'value: [1, two]', says: '5:16 Item 2 of "value" must be a whole number, but here it is text.' },
  prefixItems: { schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, items: false }, yaml: 'value: [a, b]', says: '5:16 Item 2 of "value" must be a whole number, but here it is text.' },
  contains: { schema: { type: 'array', contains: { type: 'integer' }, maxContains: 1 }, yaml: 'value: [1, 2]', says: '5:12 "value" needs exactly one item with what the schema asks.' },
  minItems: { schema: { type: 'array', minItems: 2 }, yaml: 'value: [1]', says: '5:12 "value" needs at least 2 items.' },
  maxItems: { schema: { type: 'array', maxItems: 1 }, yaml: 'value: [1, 2]', says: '5:12 "value" may have at most 1 item, but has 2.' },
  uniqueItems: { schema: { type: 'array', uniqueItems: true }, yaml: 'value: [1, 1]', says: '5:16 Items 1 and 2 of "value" are the same; each must be different.' },
  minLength: { schema: { type: 'string', minLength: 5 }, yaml: 'value: abc', says: '5:12 "value" must be at least 5 characters long.' },
  maxLength: { schema: { type: 'string', maxLength: 2 }, yaml: 'value: abc', says: '5:12 "value" is 3 characters long; at most 2 fit here.' },
  pattern: { schema: { type: 'string', pattern: '^[A-Z]' }, yaml: 'value: lower', says: '5:12 "value" does not have the expected form.' },
  minimum: { schema: { type: 'number', minimum: 1 }, yaml: 'value: 0', says: '5:12 "value" must be at least 1.' },
  maximum: { schema: { type: 'number', maximum: 1 }, yaml: 'value: 2', says: '5:12 "value" must be at most 1.' },
  exclusiveMinimum: { schema: { type: 'number', exclusiveMinimum: 1 }, yaml: 'value: 1', says: '5:12 "value" must be more than 1.' },
  exclusiveMaximum: { schema: { type: 'number', exclusiveMaximum: 1 }, yaml: 'value: 1', says: '5:12 "value" must be less than 1.' },
  multipleOf: { schema: { type: 'number', multipleOf: 5 }, yaml: 'value: 7', says: '5:12 "value" must be a multiple of 5; 7 is not.' },
  allOf: { schema: { allOf: [{ type: 'string' }, { type: 'string', maxLength: 2 }] }, yaml: 'value: abc', says: '5:12 "value" is 3 characters long; at most 2 fit here.' },
  anyOf: { schema: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, yaml: 'value: word', says: '5:12 "value" must be a whole number, or true or false, and is none of these.' },
  oneOf: { schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] }, yaml: 'value: 3', says: '5:12 "value" fits more than one of the kinds it may be (a number; a whole number); it must fit exactly one.' },
  not: { schema: { type: 'string', not: { const: 'TBD' } }, yaml: 'value: TBD', says: '5:12 "value" may not be "TBD" here.' },
  if: { schema: { type: 'object', properties: { kind: { type: 'string' }, url: { type: 'string' } }, if: { required: ['kind'], properties: { kind: { const: 'web' } } }, then: { required: ['url'], properties: { url: { type: 'string' } } }, else: { type: 'object', maxProperties: 1 } }, yaml: 'value:\n      kind: web', missing: true, says: '6:7 "value" in the "k-if" block is missing the required field "url".' },
}

const dir = mkdtempSync(join(tmpdir(), 'every-keyword-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
cpSync(join(projectRoot, 'schema'), join(dir, 'schema'), { recursive: true })
for (const [keyword, { schema }] of Object.entries(cases)) {
  const type = `k-${keyword.toLowerCase()}`
  writeFileSync(
    join(dir, 'schema/blocks', `${type}.schema.json`),
    JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `blocks/${type}.schema.json`,
      title: 'KeywordBlock',
      type: 'object',
      required: ['type', 'value'],
      additionalProperties: false,
      properties: { type: { const: type }, value: { description: 'The value under test.', ...schema } },
    }),
  )
}
const targets = { routes: new Set(['/']), media: new Set<string>() }
const schemas = loadSchemaSet(join(dir, 'schema'), targets)
// The validators a later run takes from the cache instead of compiling them (cache/validator-cache.ts).
const keptFile = join(dir, 'validators.js')
loadSchemaSet(join(dir, 'schema'), targets, { keptValidators: keptFile })
const kept = loadSchemaSet(join(dir, 'schema'), targets, { keptValidators: keptFile })

function problemsOf(keyword: string, set = schemas) {
  const text = `title: T\ndescription: D\nblocks:\n  - type: k-${keyword.toLowerCase()}\n    ${cases[keyword]!.yaml}\n`
  return checkPageSource('pages/p.yaml', new TextEncoder().encode(text), set).problems
}

describe('every schema keyword', () => {
  it('has a case here', () => {
    expect(schemaKeywords.filter((k) => !notChecks.includes(k) && !(k in cases))).toEqual([])
  })

  for (const keyword of Object.keys(cases)) {
    it(`${keyword}: a sentence at the place, no rule's name, no false "missing"`, () => {
      const found = problemsOf(keyword)
      expect(found.length, 'the page is refused').toBeGreaterThanOrEqual(1)
      for (const p of found) {
        expect(p.message).not.toMatch(/does not follow the schema's/)
        // A rule's own name (maxProperties, anyOf) is jargon; "required" or "not" are just words.
        if (/[A-Z]/.test(keyword)) expect(p.message).not.toMatch(new RegExp(`\\b${keyword}\\b`))
        expect(p.line, p.message).toBeGreaterThanOrEqual(5)
        if (!cases[keyword]!.missing) expect(p.message).not.toMatch(/missing/)
      }
      expect(`${found[0]!.line}:${found[0]!.column} ${found[0]!.message}`).toBe(cases[keyword]!.says)
      expect(problemsOf(keyword, kept), 'the same with the kept validators').toEqual(found)
    })
  }

  it('is checked by kept validators read from their file, not compiled again', () => {
    // Ajv's own compiled functions carry their schema environment; kept code is plain functions.
    expect('schemaEnv' in schemas.page).toBe(true)
    expect([kept.page, kept.site, ...[...kept.blocks.values()].map((b) => b.validate)].some((v) => 'schemaEnv' in v)).toBe(false)
  })
})
