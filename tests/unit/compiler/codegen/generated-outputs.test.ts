import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv from 'ajv'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { generatedOutputs } from '../../../../src/compiler/codegen/generated-outputs'
import { listFiles } from '../../../../src/compiler/index'
import { listBlockSchemas, readJson, type JsonSchema } from '../../../../src/compiler/schema/schema-files'
import { projectRoot } from '../../../support/fixture-targets'

describe('files generated from schema/', () => {
  it('are up to date (run `npm run gen` if not)', async () => {
    for (const [name, fresh] of await generatedOutputs(projectRoot)) {
      expect(readFileSync(join(projectRoot, name), 'utf8'), name).toBe(fresh)
    }
  })
})

describe('editor schemas', () => {
  const ajv = new Ajv({ strict: false, allErrors: true })
  const load = (name: string) => ajv.compile(readJson<JsonSchema>(join(projectRoot, `src/generated/editor/${name}.schema.json`)))
  const page = load('page')
  const site = load('site')
  const shared = load('shared')

  it('accept every real page, the site settings and the shared blocks, as the build does', () => {
    for (const file of listFiles(join(projectRoot, 'pages')).filter((f) => f.endsWith('.yaml'))) {
      const value = parse(readFileSync(file, 'utf8'))
      const validate = file.endsWith('_site.yaml') ? site : file.endsWith('_shared.yaml') ? shared : page
      expect(validate(value), `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    }
  })

  it('accept every block example and reject an unknown block type', () => {
    for (const type of listBlockSchemas(join(projectRoot, 'schema'))) {
      const schema = readJson<JsonSchema>(join(projectRoot, 'schema/blocks', `${type}.schema.json`))
      for (const example of schema.examples ?? []) {
        expect(page({ title: 't', description: 'd', blocks: [example] }), `${type}: ${ajv.errorsText(page.errors)}`).toBe(true)
      }
    }
    expect(page({ title: 't', description: 'd', blocks: [{ type: 'heor', title: 'x' }] })).toBe(false)
  })
})
