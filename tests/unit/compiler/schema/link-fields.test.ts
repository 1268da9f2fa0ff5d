import { join } from 'node:path'
import { expect, it } from 'vitest'
import { linksAreHrefs } from '../../../../src/compiler/schema/link-fields'
import { loadSchemaSet } from '../../../../src/compiler/schema/schema-set'
import type { JsonSchema } from '../../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * A page kept from the last run holds after a page is removed only if none
 * of its links goes there, and its links are read from its fields named
 * "href": so every link field of every schema must be one.
 */
const schemas = loadSchemaSet(join(projectRoot, 'schema'))
const withBlock = (schema: JsonSchema) => ({ ...schemas, blocks: new Map([...schemas.blocks, ['extra', { ...schemas.blocks.values().next().value!, schema }]]) })
const href = { $ref: '../defs.schema.json#/$defs/href' }

it("holds for this project's schemas, whose links are all fields named href", () => {
  expect(linksAreHrefs(schemas)).toBe(true)
})

it('holds for a labelled link or a list of them, whose link is its href', () => {
  const link = { $ref: '../defs.schema.json#/$defs/link' }
  expect(linksAreHrefs(withBlock({ type: 'object', properties: { action: link, more: { type: 'array', items: link } } }))).toBe(true)
  // A link written as an example is data, not a field.
  expect(linksAreHrefs(withBlock({ type: 'object', properties: { href }, examples: [{ format: 'link' }] }))).toBe(true)
})

it('fails for a link under any other name, a list of bare links, or one in a definition of the block’s own', () => {
  expect(linksAreHrefs(withBlock({ type: 'object', properties: { url: href } }))).toBe(false)
  expect(linksAreHrefs(withBlock({ type: 'object', properties: { links: { type: 'array', items: href } } }))).toBe(false)
  expect(linksAreHrefs(withBlock({ type: 'object', properties: { to: { type: 'string', format: 'link' } } }))).toBe(false)
  expect(linksAreHrefs(withBlock({ type: 'object', $defs: { target: { type: 'object', properties: { url: href } } }, properties: { target: { $ref: '#/$defs/target' } } }))).toBe(false)
  expect(linksAreHrefs(withBlock({ type: 'object', properties: { either: { anyOf: [{ type: 'string', format: 'link' }, { type: 'null' }] } } }))).toBe(false)
})
