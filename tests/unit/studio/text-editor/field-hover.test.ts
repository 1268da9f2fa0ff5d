import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import jsonSchemaLibrary from 'json-schema-library'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { editorSchemas } from '../../../../src/compiler/codegen/editor-schema'
import type { Field, FormModel } from '../../../../src/studio/forms/fields'
import { readFormModel } from '../../../../src/studio/server/form-model'
import { fieldHoverTexts } from '../../../../src/studio/text-editor/field-hover'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * One rule for a field's name: what the YAML tab's hover says of a field is
 * what the form calls it and says of it, for every field of every page and
 * of the header and footer as they are. The hover finds its schema as the
 * editor's hover does (codemirror-json-schema: json-schema-library's Draft04
 * on the editor schema, with the page's data).
 */
const { Draft04 } = jsonSchemaLibrary
const model = readFormModel(join(projectRoot, 'schema'))
const editor = editorSchemas(join(projectRoot, 'schema'))
const schemas = { site: new Draft04(editor.site), page: new Draft04(editor.page) }

interface Said {
  pointer: string
  label: string
  help: string
}

/** Every named field present in `data`, with the label and help its form gives it. */
function formSays(form: Field, data: unknown, pointer: string, blocks: FormModel['blocks']): Said[] {
  if (form.kind === 'group') {
    const record = (data ?? {}) as Record<string, unknown>
    return form.fields.flatMap(({ name, field }) => (name in record ? [{ pointer: `${pointer}/${name}`, label: field.label, help: field.help ?? '' }, ...formSays(field, record[name], `${pointer}/${name}`, blocks)] : []))
  }
  if (form.kind === 'list') return (Array.isArray(data) ? data : []).flatMap((item, i) => formSays(form.item, item, `${pointer}/${i}`, blocks))
  if (form.kind === 'blocks')
    return (Array.isArray(data) ? data : []).flatMap((block, i) => {
      const of = blocks.find((b) => b.type === (block as { type?: unknown }).type)
      return of ? formSays(of.field, block, `${pointer}/${i}`, blocks) : []
    })
  return []
}

function hoverSays(schema: InstanceType<typeof Draft04>, data: unknown, pointer: string): Said {
  const found = schema.getSchema({ pointer, data, withSchemaWarning: true }) as { title?: unknown; description?: unknown }
  const { message, typeInfo } = fieldHoverTexts({ schema: found, pointer })
  return { pointer, label: message, help: typeInfo }
}

const pagesDir = join(projectRoot, 'pages')
const pages = (readdirSync(pagesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.yaml') && !f.split('/').pop()!.startsWith('_'))

describe("the YAML tab's hover names a field as the form does", () => {
  it('in the header and footer', () => {
    const data = parse(readFileSync(join(pagesDir, '_site.yaml'), 'utf8'))
    const said = formSays(model.site, data, '', model.blocks)
    expect(said.length).toBeGreaterThan(20)
    expect(said.map((s) => hoverSays(schemas.site, data, s.pointer))).toEqual(said)
  })

  it('on every page', () => {
    expect(pages.length).toBeGreaterThan(0)
    for (const file of pages) {
      const data = parse(readFileSync(join(pagesDir, file), 'utf8'))
      const said = formSays(model.page, data, '', model.blocks)
      expect(said.map((s) => hoverSays(schemas.page, data, s.pointer)), file).toEqual(said)
    }
  })
})
