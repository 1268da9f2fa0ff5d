import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { readSchemaFiles } from '../../../../src/compiler/schema/schema-files'
import { fieldOf, formModel } from '../../../../src/studio/forms/schema-fields'
import { authorWords, labelOf, nounOf, schemaWords } from '../../../../src/studio/forms/words'
import type { Field } from '../../../../src/studio/forms/fields'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The forms come from schema/ alone: every field of every schema gets a
 * kind the form can draw, a label and help in an author's words.
 */
const files = readSchemaFiles(join(projectRoot, 'schema'))
const model = formModel({ page: files.page, site: files.site, defs: files.defs, blocks: [...files.blocks].map(([type, file]) => [type, file.schema]) })

function* walk(field: Field, path: string): Generator<[string, Field]> {
  yield [path, field]
  if (field.kind === 'group') for (const { name, field: f } of field.fields) yield* walk(f, `${path}.${name}`)
  if (field.kind === 'list') yield* walk(field.item, `${path}[]`)
}

const everyField = () => [...walk(model.page, 'page'), ...walk(model.site, 'site'), ...model.blocks.flatMap((b) => [...walk(b.field, b.type)])]

describe('schema to fields', () => {
  it('gives every block type a form whose first field is its fixed type', () => {
    expect(model.blocks.map((b) => b.type)).toEqual([...files.blocks.keys()])
    for (const block of model.blocks) expect(block.field.fields.find((f) => f.name === 'type')?.field).toMatchObject({ kind: 'fixed', value: block.type })
  })

  it('draws every field of every schema: none is left to the YAML tab', () => {
    const yamlOnly = everyField().filter(([, f]) => f.kind === 'yaml-only').map(([path]) => path)
    expect(yamlOnly).toEqual([])
  })

  it("labels a field by its schema's own title, else by its name; a shared definition's title names a type, not the field", () => {
    const titled = fieldOf('title', { type: 'string', title: 'Title in search results and the browser tab' }, true, (raw) => ({ schema: raw, home: undefined }))
    expect(titled.label).toBe('Title in search results and the browser tab')
    expect(fieldOf('backLink', { type: 'string' }, false, (raw) => ({ schema: raw, home: undefined })).label).toBe('Back link')
    const image = model.blocks.find((b) => b.type === 'hero')!.field.fields.find((f) => f.name === 'image')!.field
    expect(image.label).toBe('Image')
    expect(model.page.fields.find((f) => f.name === 'title')?.field.label).toBe('Title in search results and the browser tab')
  })

  it('reads links, pictures, allowed values, long text and limits from the schema', () => {
    const hero = model.blocks.find((b) => b.type === 'hero')!.field
    const field = (name: string) => hero.fields.find((f) => f.name === name)!.field
    expect(field('title')).toMatchObject({ kind: 'text', label: 'Heading', required: true, long: false, maxLength: 120 })
    expect(field('text')).toMatchObject({ kind: 'text', long: true })
    expect(field('size')).toMatchObject({ kind: 'choice', options: ['tall', 'short'], required: false })
    expect(field('backLink')).toMatchObject({ kind: 'group', label: 'Back link' })
    const backLink = field('backLink') as Field & { kind: 'group' }
    expect(backLink.fields.map((f) => [f.name, f.field.kind])).toEqual([['label', 'text'], ['href', 'link']])
    expect((field('image') as Field & { kind: 'group' }).fields.find((f) => f.name === 'src')?.field).toMatchObject({ kind: 'media', accept: 'image' })
    expect(model.page.fields.find((f) => f.name === 'blocks')?.field).toMatchObject({ kind: 'blocks', minItems: 1 })
  })

  it('makes lists of the schema\'s lists, with their limits and the name of one item', () => {
    const callout = model.blocks.find((b) => b.type === 'callout')!.field
    expect(callout.fields.find((f) => f.name === 'phrases')?.field).toMatchObject({ kind: 'list', itemNoun: 'phrase', minItems: 1, maxItems: 8, item: { kind: 'text' } })
    const menus = (model.site.fields.find((f) => f.name === 'header')!.field as Field & { kind: 'group' }).fields.find((f) => f.name === 'menus')!.field
    expect(menus).toMatchObject({ kind: 'list', itemNoun: 'menu' })
  })

  it('says no word of JSON Schema in any label or help', () => {
    const said = everyField().flatMap(([path, f]) => [f.label, f.help ?? ''].map((text) => [path, text] as const))
    for (const [path, text] of said) for (const word of schemaWords) expect(text.includes(word) && new RegExp(`\\b${word.replace('$', '\\$')}\\b`).test(text), `${path}: "${text}"`).toBe(false)
  })

  it('leaves out what the schema says about writing YAML, which the form does for the author', () => {
    expect(authorWords('A bulleted list; each item on its own line starting with "- ".')).toBe('A bulleted list.')
    expect(authorWords('What it shows. Leave it as "" only if it is decoration.')).toBe('What it shows.')
    // A file name is not a sentence's end, nor talk of YAML.
    expect(authorWords('The name ("brand" in pages/_site.yaml) is added after it.')).toBe('The name ("brand" in pages/_site.yaml) is added after it.')
    const said = everyField().map(([, f]) => f.help ?? '')
    expect(said.filter((help) => /"- "|YAML|\bindent/.test(help))).toEqual([])
  })

  it('makes names readable', () => {
    expect(labelOf('backLink')).toBe('Back link')
    expect(labelOf('audience-accordion')).toBe('Audience accordion')
    expect(nounOf('testimonials')).toBe('Testimonial')
    expect(nounOf('entries')).toBe('Entry')
    expect(nounOf('faq')).toBe('Faq')
  })
})

describe("a field's widget comes from what its schema declares, never from its name or prose", () => {
  /** Every field's path with its kind (and what a media field accepts), the names in the path left out. */
  const kinds = (m: ReturnType<typeof formModel>) =>
    [...walk(m.page, ''), ...walk(m.site, ''), ...m.blocks.flatMap((b) => [...walk(b.field, '')])].map(([, f]) => `${f.kind}${f.kind === 'media' ? ` ${f.accept}` : ''}`)

  it('renaming every field and rewording every description changes no widget', () => {
    /** The schema with each property renamed ("webm" -> "f1") and each description saying the opposite of what it held. */
    let n = 0
    const reword = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reword)
      if (!value || typeof value !== 'object') return value
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(value)) {
        if (key === 'properties' && child && typeof child === 'object') {
          const renamed = Object.entries(child).map(([name, field]) => [name === 'type' ? name : `f${++n}`, reword(field)] as const)
          out.properties = Object.fromEntries(renamed)
          const names = new Map(Object.keys(child).map((name, i) => [name, renamed[i]![0]]))
          if (Array.isArray((value as { required?: unknown }).required)) out.required = ((value as { required: string[] }).required).map((name) => names.get(name) ?? name)
        } else if (key === 'required' && 'properties' in value) continue
        else if (key === 'description' && typeof child === 'string') out.description = /video|webm|mp4/i.test(child) ? 'A picture, a still.' : 'A video in WebM or MP4, or the blocks.'
        else out[key] = reword(child)
      }
      return out
    }
    const moved = formModel({ page: reword(files.page) as typeof files.page, site: reword(files.site) as typeof files.site, defs: reword(files.defs) as typeof files.defs, blocks: [...files.blocks].map(([type, file]) => [type, reword(file.schema) as typeof file.schema]) })
    expect(kinds(moved)).toEqual(kinds(model))
    // Both kinds of media are there to be kept, and the list of blocks.
    expect(kinds(model)).toEqual(expect.arrayContaining(['media image', 'media video', 'blocks']))
  })
})
