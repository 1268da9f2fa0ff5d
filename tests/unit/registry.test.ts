import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listBlockComponents, registryMismatches } from '../../src/compiler/site/block-registry'
import { listBlockSchemas } from '../../src/compiler/schema/schema-files'
import { blockTypes } from '../../src/generated/schema-types'
import { projectRoot } from './fixture-targets'

describe('block registry', () => {
  const schemas = listBlockSchemas(join(projectRoot, 'schema'))
  const components = listBlockComponents(join(projectRoot, 'src/blocks'))

  it('has a component for every schema and a schema for every component', () => {
    expect(registryMismatches(schemas, components)).toEqual([])
    expect([...components.keys()]).toEqual(schemas)
  })

  it('names what is missing on either side', () => {
    const fake = new Map([['hero', 'h.tsx'], ['carousel', 'c.tsx']])
    expect(registryMismatches(['hero', 'quote'], fake)).toEqual([
      'Block "quote" has a schema but no component: add src/blocks/quote/index.tsx.',
      'Block "carousel" has a component but no schema: add schema/blocks/carousel.schema.json.',
    ])
  })

  it('matches the generated types', () => {
    expect([...blockTypes]).toEqual(schemas)
  })
})
