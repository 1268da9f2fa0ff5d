import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { generateTypes } from '../../src/build/generate-types'
import { projectRoot } from './fixture-targets'

it('src/generated/schema-types.ts is up to date with schema/ (run `npm run gen` if not)', async () => {
  const committed = readFileSync(join(projectRoot, 'src/generated/schema-types.ts'), 'utf8')
  expect(await generateTypes(join(projectRoot, 'schema'))).toBe(committed)
})
