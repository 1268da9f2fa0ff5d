import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listBlockComponents, registryMismatches } from '../../../../src/compiler/site/block-registry'
import { listBlockSchemas } from '../../../../src/compiler/schema/schema-files'
import { blockTypes } from '../../../../src/generated/schema-types'
import { projectRoot } from '../../../support/fixture-targets'

describe('block registry', () => {
  const schemas = listBlockSchemas(join(projectRoot, 'schema'))
  const components = listBlockComponents(join(projectRoot, 'src/blocks'))

  const files = { schemaDir: join(projectRoot, 'schema'), display: (path: string) => relative(projectRoot, path) }

  it('has a component for every schema and a schema for every component', () => {
    expect(registryMismatches(schemas, components, files)).toEqual([])
    expect([...components.keys()]).toEqual(schemas)
  })

  it('names what is missing on either side', () => {
    const fake = new Map([['hero', join(projectRoot, 'src/blocks/hero/index.tsx')], ['carousel', join(projectRoot, 'src/blocks/carousel/index.tsx')]])
    const found = registryMismatches(['hero', 'quote'], fake, files)
    expect(found.map((p) => `${p.code} ${p.file}:${p.line}:${p.column}`)).toEqual([
      'BlockWithoutComponent schema/blocks/quote.schema.json:1:1',
      'ComponentWithoutSchema src/blocks/carousel/index.tsx:1:1',
    ])
    expect(found[0]!.hint).toContain('src/blocks/quote/index.tsx')
    expect(found[1]!.hint).toContain('schema/blocks/carousel.schema.json')
  })

  it('matches the generated types', () => {
    expect([...blockTypes]).toEqual(schemas)
  })
})
