import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { checkPageSource } from '../../../../src/compiler/index'
import { formatProblem } from '../../../../src/compiler/problems/problems'
import { loadSchemaSet } from '../../../../src/compiler/schema/schema-set'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * Every keyword a block schema may use gives a page's author a message in
 * words, at the place, and never a false "missing field". The block here is
 * the pricing table: plans, one of them highlighted.
 */
const dir = mkdtempSync(join(tmpdir(), 'keyword-messages-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const plan = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[A-Z]', description: 'The plan\'s name, starting with a capital.' },
    highlighted: { type: 'boolean', description: 'Marks the plan to recommend.' },
    badge: { type: 'string', description: 'A word over a highlighted plan.' },
    price: { type: 'number' },
    currency: { type: 'string', enum: ['GBP', 'EUR'] },
    more: { $ref: '../defs.schema.json#/$defs/href' },
  },
  // A price needs its currency; a highlighted plan needs its badge.
  dependentRequired: { price: ['currency'] },
  if: { required: ['highlighted'], properties: { highlighted: { const: true } } },
  then: { required: ['badge'], properties: { badge: { type: 'string' } } },
}
cpSync(join(projectRoot, 'schema'), join(dir, 'schema'), { recursive: true })
writeFileSync(
  join(dir, 'schema/blocks/pricing.schema.json'),
  JSON.stringify({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'blocks/pricing.schema.json',
    title: 'PricingBlock',
    type: 'object',
    required: ['type', 'plans'],
    additionalProperties: false,
    properties: {
      type: { const: 'pricing' },
      plans: {
        type: 'array',
        description: 'The plans, side by side.',
        uniqueItems: true,
        items: plan,
        contains: { type: 'object', required: ['highlighted'], properties: { highlighted: { const: true } } },
        maxContains: 1,
      },
    },
  }),
)
const schemas = loadSchemaSet(join(dir, 'schema'), { routes: new Set(['/']), media: new Set() })

function problems(plans: string): string[] {
  const text = `title: T\ndescription: D\nblocks:\n  - type: pricing\n    plans:\n${plans}`
  return checkPageSource('pages/p.yaml', new TextEncoder().encode(text), schemas).problems.map(formatProblem)
}

it('maxContains: too many highlighted plans, counted, with no false "missing"', () => {
  expect(problems('      - name: Basic\n        highlighted: true\n        badge: Best\n      - name: Pro\n        highlighted: true\n        badge: Top\n')).toEqual([
    'pages/p.yaml:6:7  "plans" may have only one item with "highlighted: true", but has 2.  [ContainsCount]\n    hint: Keep "highlighted: true" on one of them and take it off the others. The plans, side by side.',
  ])
})

it('contains: no highlighted plan at all, and again no false "missing" on each plan', () => {
  expect(problems('      - name: Basic\n      - name: Pro\n')).toEqual([
    'pages/p.yaml:6:7  "plans" needs an item with "highlighted: true", but has 0.  [ContainsCount]\n    hint: Add "highlighted: true" to one of them. The plans, side by side.',
  ])
})

it('uniqueItems: the second of two same plans, by number', () => {
  const same = '      - name: Basic\n        highlighted: true\n        badge: Best\n'
  expect(problems(`${same}${same}`)).toEqual([
    'pages/p.yaml:6:7  "plans" may have only one item with "highlighted: true", but has 2.  [ContainsCount]\n    hint: Keep "highlighted: true" on one of them and take it off the others. The plans, side by side.',
    'pages/p.yaml:9:9  Items 1 and 2 of "plans" are the same; each must be different.  [DuplicateItems]\n    hint: Change or remove one of them. The plans, side by side.',
  ])
})

it('dependentRequired, if/then, pattern, enum and a link format: each in words, none a bare rule name', () => {
  const found = problems(
    '      - name: Basic\n        highlighted: true\n        price: 10\n      - name: pro\n        currency: USD\n        more: /no-such-page\n',
  )
  expect(found.map((p) => p.split('\n')[0])).toEqual([
    'pages/p.yaml:6:9  Item 1 of "plans" in the "pricing" block is missing the required field "badge".  [MissingField]',
    'pages/p.yaml:6:9  Item 1 of "plans" in the "pricing" block is missing the required field "currency".  [MissingField]',
    'pages/p.yaml:9:15  "name" does not have the expected form.  [WrongForm]',
    'pages/p.yaml:10:19  "USD" is not an allowed value for "currency".  [NotAllowedValue]',
    'pages/p.yaml:11:15  The link "/no-such-page" goes to a page that does not exist.  [BrokenLink]',
  ])
  for (const p of found) expect(p).not.toMatch(/does not follow the schema's/)
})

it('a field unknown to one plan names that plan by its number, not the list of plans', () => {
  expect(problems('      - name: Basic\n        highlighted: true\n        badge: Best\n      - name: Pro\n        featurs: [Support]\n')).toEqual([
    'pages/p.yaml:10:9  "featurs" is not a field of item 2 of "plans" in the "pricing" block.  [UnknownField]\n    hint: The fields of item 2 of "plans" in the "pricing" block are: "name", "highlighted", "badge", "price", "currency", "more".',
  ])
})
