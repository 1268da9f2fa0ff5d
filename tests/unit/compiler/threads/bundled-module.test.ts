import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { bundledModule } from '../../../../src/compiler/threads/bundled-module.mjs'
import { projectRoot } from '../../../support/fixture-targets'

/** What to do once, right after esbuild's next build has read every file (an editor saving as the bundle is written). */
const afterRead = vi.hoisted(() => ({ run: undefined as (() => void) | undefined }))
vi.mock('esbuild', async (original) => {
  const real = await original<typeof import('esbuild')>()
  return {
    ...real,
    build: async (...args: Parameters<typeof real.build>) => {
      const result = await real.build(...args)
      const run = afterRead.run
      afterRead.run = undefined
      run?.()
      return result
    },
  }
})

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((clean) => clean()))

it('stamps a bundle with the bytes it was made from: a file saved as it was bundled is bundled again next time', async () => {
  const root = mkdtempSync(join(tmpdir(), 'bundled-'))
  symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'))
  const name = `test-bundled-${process.pid}-${Date.now()}`
  const bundle = join(projectRoot, 'node_modules', '.cache', 'site-scripts', `${name}.mjs`)
  cleanups.push(() => {
    rmSync(root, { recursive: true, force: true })
    for (const file of [bundle, `${bundle}.stamp.json`]) rmSync(file, { force: true })
  })
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'src/entry.ts'), "export { said } from './part.ts'\n")
  const part = (word: string) => writeFileSync(join(root, 'src/part.ts'), `export const said: string = 'said-${word}'\n`)
  part('before')
  afterRead.run = () => part('meanwhile')
  expect(readFileSync(await bundledModule(root, name, 'src/entry.ts'), 'utf8')).toContain('said-before')
  // The file now holds what was saved meanwhile: the bundle of the bytes before is not taken for it.
  expect(readFileSync(await bundledModule(root, name, 'src/entry.ts'), 'utf8')).toContain('said-meanwhile')
})
