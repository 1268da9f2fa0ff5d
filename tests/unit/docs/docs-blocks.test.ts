import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listBlockSchemas } from '../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../support/fixture-targets'

/** The block names in the first column of docs/authoring.md's table of blocks. */
function blocksInGuide(): Set<string> {
  const guide = readFileSync(join(projectRoot, 'docs/authoring.md'), 'utf8')
  const section = guide.slice(guide.indexOf('## The blocks'), guide.indexOf('\n## ', guide.indexOf('## The blocks') + 1))
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!))
  return new Set(names)
}

describe('the authoring guide lists every block', () => {
  it('every block type has a row in the table of docs/authoring.md, and every row names a block type', () => {
    const types = listBlockSchemas(join(projectRoot, 'schema'))
    const listed = blocksInGuide()
    expect(types.filter((t) => !listed.has(t))).toEqual([])
    expect([...listed].filter((t) => !types.includes(t))).toEqual([])
  })

  it('the guide says how to ask for a new block, as the unknown-type hint promises', () => {
    const guide = readFileSync(join(projectRoot, 'docs/authoring.md'), 'utf8')
    expect(guide).toContain('### When no block fits')
    expect(readFileSync(join(projectRoot, 'docs/blocks.md'), 'utf8')).toContain('table in docs/authoring.md')
  })
})
