import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { guideBlockTable, guideTableEnd, guideTableStart, withGuideTable } from '../../../../src/compiler/codegen/guide-blocks'
import { readSchemaFiles } from '../../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The authors' guide's table of blocks is made from the schemas (npm run
 * gen; generated-outputs.test.ts keeps the committed guide current): a
 * row per block, what its description's first sentence says, and every
 * other byte of the guide as its writers left it.
 */
const files = readSchemaFiles(join(projectRoot, 'schema'))
const guide = readFileSync(join(projectRoot, 'docs/authoring.md'), 'utf8')

describe("the guide's table of blocks", () => {
  it("has a row per block type, saying its schema's first sentence", () => {
    const table = guideBlockTable(files.blocks)
    const rows = table.split('\n').slice(2)
    expect(rows.map((row) => /^\| `([^`]+)` \|/.exec(row)?.[1])).toEqual([...files.blocks.keys()])
    for (const [type, { schema }] of files.blocks) expect(rows.find((r) => r.startsWith(`| \`${type}\``)), type).toContain(String(schema.description).split('. ')[0])
  })

  it('changes with a reworded description, and leaves the rest of the guide byte for byte', () => {
    const [type, file] = [...files.blocks][0]!
    const reworded = new Map(files.blocks).set(type, { ...file, schema: { ...file.schema, description: 'Something else entirely. And more.' } })
    const made = withGuideTable(guide, guideBlockTable(reworded))
    expect(made).toContain(`| \`${type}\` | Something else entirely. |`)
    const outside = (text: string) => [text.slice(0, text.indexOf(guideTableStart)), text.slice(text.indexOf(guideTableEnd))]
    expect(outside(made)).toEqual(outside(guide))
  })

  it('leaves a guide with no place for the table as it is', () => {
    expect(withGuideTable('# A guide\n\nNo table here.\n', guideBlockTable(files.blocks))).toBe('# A guide\n\nNo table here.\n')
  })
})
