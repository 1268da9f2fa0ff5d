import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { siteViteConfig } from './src/compiler/bundle/vite-config.ts'

const unitTests = 'tests/unit/**/*.test.{ts,tsx}'

/**
 * The unit test files that replace a module with vi.mock: a mock reaches
 * only modules not yet loaded, so these get a fresh set of modules each.
 * Found by reading the files, so a new one needs no list kept by hand.
 */
function filesThatMock(dir = join(import.meta.dirname, 'tests', 'unit')): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name) && /\bvi\.mock\(/.test(readFileSync(join(entry.parentPath, entry.name), 'utf8')))
    .map((entry) => relative(import.meta.dirname, join(entry.parentPath, entry.name)))
}

export default defineConfig(({ command }) => {
  // Read only for the unit tests: `npm run dev` loads this file too.
  const mocking = process.env.VITEST ? filesThatMock() : []
  return {
    ...siteViteConfig(command),
    test: {
      environment: 'node',
      // A guard against a test that hangs, never a measure of speed: many
      // tests do real work (git, builds, a studio), which on a loaded 2-core
      // machine took past 20 s in a test that passes in 5 alone.
      testTimeout: 60_000,
      // A hook that removes a test's folders is quick alone, but under the
      // whole run's load one took over Vitest's 10 s default once (a publish
      // test's temporary repositories) and failed a test that had passed.
      hookTimeout: 60_000,
      setupFiles: ['tests/support/byte-equality.ts'],
      // Vitest's default is one worker less than the cores: one worker on these
      // 2-core machines. Most unit tests wait on a child process (a build, git,
      // a browser), so two run side by side in about two thirds of the time.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          // A file runs in its worker beside the modules the files before it
          // loaded, instead of loading the compiler, Ajv and yaml afresh:
          // about a third of a second a file, 84 files, 40 s of the run's
          // 196 s. So a file that changes anything outside itself (fake
          // timers, process.env, a module's state) puts it back in afterEach.
          test: { name: 'unit', include: [unitTests], exclude: mocking, isolate: false },
        },
        ...(mocking.length ? [{ extends: true as const, test: { name: 'unit (modules mocked)', include: mocking, isolate: true } }] : []),
      ],
    },
  }
})
