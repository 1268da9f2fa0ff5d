import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { loadSchemaSet } from '../../../../src/compiler/schema/schema-set'
import { formatProblem, PageProblemsError } from '../../../../src/compiler/problems/problems'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * A block schema that Ajv's strict mode refuses is a located problem in its
 * file, worded for the developer who wrote it, never a stack trace. Each
 * case is a slip a developer makes: the place is found in the text written.
 */
const dir = mkdtempSync(join(tmpdir(), 'schema-refusal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A pricing block whose "plans" list is written as `plans`. */
const pricing = (plans: string) => `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "blocks/pricing.schema.json",
  "title": "PricingBlock",
  "type": "object",
  "required": ["type", "plans"],
  "additionalProperties": false,
  "properties": {
    "type": { "const": "pricing" },
    "plans": ${plans}
  }
}
`

/** Load the real schemas plus this pricing block; the problems the load refuses it with. */
function refusals(plans: string): string[] {
  const schemaDir = join(dir, `case-${Math.random().toString(36).slice(2)}`, 'schema')
  cpSync(join(projectRoot, 'schema'), schemaDir, { recursive: true })
  writeFileSync(join(schemaDir, 'blocks/pricing.schema.json'), pricing(plans))
  try {
    loadSchemaSet(schemaDir)
  } catch (error) {
    if (error instanceof PageProblemsError) return error.problems.map(formatProblem)
    throw error
  }
  return []
}

/** line:col of the first `needle` in the pricing schema written with `plans`. */
function at(plans: string, needle: string): string {
  const text = pricing(plans)
  const before = text.slice(0, text.indexOf(needle)).split('\n')
  return `schema/blocks/pricing.schema.json:${before.length}:${before.at(-1)!.length + 1}`
}

it('a "contains" without "type": "object": at the keyword, with the type to add', () => {
  const plans = `{ "type": "array", "items": { "type": "object" }, "contains": { "properties": { "highlighted": { "const": true } }, "required": ["highlighted"] }, "maxContains": 1 }`
  expect(refusals(plans)).toEqual([
    `${at(plans, '"required": ["highlighted"]')}  This schema breaks a rule of JSON Schema: "required" applies only to objects, and this part of the schema does not say it holds one.  [SchemaRefused]\n    hint: Add "type": "object" beside "required": strict mode checks a keyword only where the schema says what kind of value it is checking.`,
  ])
})

it('a misspelt keyword: where it is written, with the keyword meant', () => {
  const plans = `{ "type": "array", "maxContain": 1 }`
  expect(refusals(plans)).toEqual([
    `${at(plans, '"maxContain"')}  This schema breaks a rule of JSON Schema: "maxContain" is not a keyword of JSON Schema.  [SchemaRefused]\n    hint: Did you mean "maxContains"? docs/blocks.md lists the keywords our schemas use and how.`,
  ])
})

it('a required field not described under "properties"', () => {
  const plans = `{ "type": "array", "items": { "type": "object", "required": ["name"], "properties": { "title": { "type": "string" } } } }`
  expect(refusals(plans)).toEqual([
    `${at(plans, '"required": ["name"]')}  This schema breaks a rule of JSON Schema: "name" is in "required" but not described under "properties".  [SchemaRefused]\n    hint: Describe "name" under "properties", or take it out of "required" (a misspelt name in either is the usual cause).`,
  ])
})

it('a type that JSON Schema does not have', () => {
  const plans = `{ "type": "aray" }`
  expect(refusals(plans)).toEqual([
    `${at(plans, '"type": "aray"')}  This schema breaks a rule of JSON Schema: the value of "type" must be equal to one of the allowed values.  [SchemaRefused]\n    hint: A "type" is one of "string", "number", "integer", "boolean", "object", "array" or "null".`,
  ])
})

it('a list of types', () => {
  const plans = `{ "type": ["string", "number"] }`
  expect(refusals(plans)).toEqual([
    `${at(plans, '"type": ["string"')}  This schema breaks a rule of JSON Schema: a list of types ("type": [...]) is not allowed here.  [SchemaRefused]\n    hint: Give one "type", or use "anyOf" with one schema per type.`,
  ])
})

it('the real schemas load with no refusal', () => {
  expect(() => loadSchemaSet(join(projectRoot, 'schema'))).not.toThrow()
})
