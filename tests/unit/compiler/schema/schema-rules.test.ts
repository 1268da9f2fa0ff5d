import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkProject } from '../../../../scripts/check-project'
import { writeGenerated } from '../../../../src/compiler/codegen/generated-outputs'
import { formatProblem, PageProblemsError } from '../../../../src/compiler/problems/problems'
import { schemaDocProblems } from '../../../../src/compiler/schema/schema-docs'
import { listBlockSchemas, readSchemaFiles, type JsonSchema } from '../../../../src/compiler/schema/schema-files'
import { schemaRuleProblems } from '../../../../src/compiler/site/schema-examples'
import { projectPaths } from '../../../../src/compiler/index'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The rules a block schema keeps beyond JSON Schema's are problems located
 * in the schema file, which `npm run check` (and so the build and the
 * studio) and `npm run gen` report alike, gen writing nothing: a block with
 * no description, an example that fails a page's check, a misspelt keyword.
 * Each case changes one real block schema in a copy of the project, found
 * from the schemas, so editing them never breaks this test.
 */
const schemaDir = join(projectRoot, 'schema')
const types = listBlockSchemas(schemaDir)
const schemaOf = (type: string) => JSON.parse(readFileSync(join(schemaDir, 'blocks', `${type}.schema.json`), 'utf8')) as JsonSchema

/** line:col of the first `needle` at or after `from` in `text`. */
function lineCol(text: string, needle: string, from = 0): string {
  const offset = text.indexOf(needle, from)
  expect(offset, needle).toBeGreaterThanOrEqual(0)
  const before = text.slice(0, offset).split('\n')
  return `${before.length}:${before.at(-1)!.length + 1}`
}

/** A copy of the project with block `type`'s schema text changed by `edit`; its schema and generated files are its own. */
function projectWith(type: string, edit: (text: string) => string): { root: string; file: string; text: string; remove: () => void } {
  const file = `schema/blocks/${type}.schema.json`
  const text = edit(readFileSync(join(projectRoot, file), 'utf8'))
  const project = tempProject({}, { copy: ['schema', 'src'] })
  writeFileSync(join(project.root, file), text)
  return { ...project, file, text }
}

/** What `npm run check` prints for the project at `root`, and its exit code. */
async function check(root: string): Promise<{ code: number; printed: string }> {
  const printed: string[] = []
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')))
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    return { code: await checkProject(root), printed: printed.join('\n') }
  } finally {
    spy.mockRestore()
    log.mockRestore()
  }
}

/** What `npm run gen` refuses with, and that it wrote nothing. */
async function gen(root: string): Promise<string[]> {
  const generated = readFileSync(join(root, 'src/generated/schema-types.ts'), 'utf8')
  const refused = await writeGenerated(root).then(
    () => [],
    (error: unknown) => {
      if (error instanceof PageProblemsError) return error.problems.map(formatProblem)
      throw error
    },
  )
  expect(readFileSync(join(root, 'src/generated/schema-types.ts'), 'utf8'), 'gen wrote nothing').toBe(generated)
  return refused
}

let remove: (() => void) | undefined
afterEach(() => remove?.())

describe('schema rules are located problems in check and gen', () => {
  it('the real schemas keep every rule', () => {
    expect(schemaRuleProblems(projectPaths(projectRoot)).map(formatProblem)).toEqual([])
  })

  it('a block with no description: at its title, in check and in gen', { timeout: 60_000 }, async () => {
    const type = types[0]!
    const project = projectWith(type, (text) => text.replace(/\n  "description": "(?:[^"\\]|\\.)*",/, ''))
    remove = project.remove
    const line = `${project.file}:${lineCol(project.text, '"title"')}  The block has no "description".  [SchemaUndocumented]`
    const { code, printed } = await check(project.root)
    expect(code).toBe(1)
    expect(printed).toContain(line)
    // The schema changed since gen ran, but gen refuses it until it is right: check does not send the developer there first.
    expect(printed).not.toContain('[GeneratedStale]')
    expect(await gen(project.root)).toEqual([expect.stringContaining(line)])
  })

  it('an example whose link leads to no page: at the link in the example, with the check\'s own sentence', { timeout: 60_000 }, async () => {
    // The first block whose first example holds a link to a page of the site.
    const withLink = types.find((t) => /"href": "\/[a-z]/.test(JSON.stringify(schemaOf(t).examples?.[0], null, 1)))!
    expect(withLink, 'a block whose example links to a page').toBeDefined()
    const project = projectWith(withLink, (text) => {
      const examples = text.indexOf('"examples": [\n    {')
      const at = text.indexOf('"href": "/', examples)
      return `${text.slice(0, at)}"href": "/no-such-page${text.slice(text.indexOf('"', at + 9))}`
    })
    remove = project.remove
    const at = project.text.indexOf('"href": "/no-such-page"')
    const start = `${project.file}:${lineCol(project.text, '"href": "/no-such-page"', at)}  Example 1 of the "${withLink}" block does not pass a page's check:`
    const { code, printed } = await check(project.root)
    expect(code).toBe(1)
    expect(printed).toContain(start)
    expect(printed).toContain('/no-such-page')
    expect(await gen(project.root)).toEqual([expect.stringContaining(start)])
  })

  it('a misspelt keyword: where it is written, with the keyword meant, in check and in gen', { timeout: 60_000 }, async () => {
    const type = types.find((t) => readFileSync(join(schemaDir, 'blocks', `${t}.schema.json`), 'utf8').includes('"maxLength"'))!
    const project = projectWith(type, (text) => text.replace('"maxLength"', '"maxLenght"'))
    remove = project.remove
    const line = `${project.file}:${lineCol(project.text, '"maxLenght"')}  This schema breaks a rule of JSON Schema: "maxLenght" is not a keyword of JSON Schema.  [SchemaRefused]`
    const { code, printed } = await check(project.root)
    expect(code).toBe(1)
    expect(printed).toContain(line)
    expect(printed).toContain('Did you mean "maxLength"?')
    expect(await gen(project.root)).toEqual([expect.stringContaining(line)])
  })
})

describe('every schema and field says what it is, and shows a value', () => {
  const files = readSchemaFiles(schemaDir)

  it('a field with no description or example: at its key, named by its path', () => {
    const type = types.find((t) => Object.values(schemaOf(t).properties ?? {}).some((f) => typeof f.description === 'string' && !f.$ref && f.type === 'string'))!
    const [name] = Object.entries(schemaOf(type).properties!).find(([, f]) => typeof f.description === 'string' && !f.$ref && f.type === 'string')!
    const schema = structuredClone(files.blocks.get(type)!.schema)
    delete schema.properties![name]!.description
    delete schema.properties![name]!.examples
    const blocks = new Map(files.blocks).set(type, { schema, text: JSON.stringify(schema, null, 2) })
    const said = schemaDocProblems(schemaDir, { ...files, blocks }).map((p) => `${p.file}:${p.line}  ${p.message}  [${p.code}]`)
    const line = JSON.stringify(schema, null, 2).split('\n').findIndex((l) => l.startsWith(`    "${name}": {`)) + 1
    expect(said).toEqual([`schema/blocks/${type}.schema.json:${line}  The field "${name}" has no "description".  [SchemaUndocumented]`, `schema/blocks/${type}.schema.json:${line}  The field "${name}" has no "examples".  [SchemaUndocumented]`])
  })

  it("a list's items are checked by their own fields, and a field given by \"$ref\" is documented where the reference points", () => {
    // The real schemas give most "$ref" fields no description of their own: the definition has it.
    expect([...files.blocks.values()].some((b) => Object.values(b.schema.properties ?? {}).some((f) => f.$ref && f.description === undefined))).toBe(true)
    expect(schemaDocProblems(schemaDir, files)).toEqual([])
    const type = types.find((t) => Object.values(schemaOf(t).properties ?? {}).some((f) => f.type === 'array' && (f.items as JsonSchema | undefined)?.properties))!
    expect(type, 'a block with a list of items').toBeDefined()
    const schema = structuredClone(files.blocks.get(type)!.schema)
    const [listName, field] = Object.entries(schema.properties!).find(([, f]) => f.type === 'array' && (f.items as JsonSchema | undefined)?.properties)!
    const [itemField] = Object.entries((field.items as JsonSchema).properties!).find(([, f]) => !f.$ref)!
    delete (field.items as JsonSchema).properties![itemField]!.description
    const said = schemaDocProblems(schemaDir, { ...files, blocks: new Map(files.blocks).set(type, { schema, text: JSON.stringify(schema, null, 2) }) })
    expect(said.map((p) => p.message)).toEqual([`The field "${listName}[].${itemField}" has no "description".`])
  })
})

describe('a field declares what it holds ("x-field")', () => {
  const files = readSchemaFiles(schemaDir)

  it('a kind the field cannot hold: at "x-field", with what it needs', () => {
    const type = types.find((t) => Object.values(schemaOf(t).properties ?? {}).some((f) => f.type === 'string' && !f.$ref && !f.format))!
    const [name] = Object.entries(schemaOf(type).properties!).find(([, f]) => f.type === 'string' && !f.$ref && !f.format)!
    const schema = structuredClone(files.blocks.get(type)!.schema)
    schema.properties![name]!['x-field'] = 'video'
    const text = JSON.stringify(schema, null, 2)
    const said = schemaDocProblems(schemaDir, { ...files, blocks: new Map(files.blocks).set(type, { schema, text }) }).map(formatProblem)
    expect(said).toEqual([`schema/blocks/${type}.schema.json:${lineCol(text, '"x-field"')}  The field "${name}" says it holds a video ("x-field": "video") but has no "format": "media".  [SchemaFieldKindMismatch]\n    hint: Add "format": "media" beside "x-field", or take "x-field" away: the studio gives the field the video chooser, which writes a file's address.`])
  })

  it('a kind that is not one of ours is refused by the schema check, at the keyword', { timeout: 60_000 }, async () => {
    const type = types[0]!
    const project = projectWith(type, (text) => text.replace('"type": "object",', '"type": "object",\n  "x-field": "carousel",'))
    remove = project.remove
    const { code, printed } = await check(project.root)
    expect(code).toBe(1)
    expect(printed).toContain(`${project.file}:${lineCol(project.text, '"x-field"')}  This schema breaks a rule of JSON Schema: the value of "x-field" is not one it takes.  [SchemaRefused]\n    hint: "x-field" says what a field holds: "picture", "video", "blocks".`)
  })
})
