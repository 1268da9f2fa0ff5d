import { defineConfig } from 'vitest/config'
import { siteViteConfig } from './src/compiler/bundle/vite-config.ts'

export default defineConfig(({ command }) => ({
  ...siteViteConfig(command),
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    setupFiles: ['tests/support/byte-equality.ts'],
    // Vitest's default is one worker less than the cores: one worker on these
    // 2-core machines. Most unit tests wait on a child process (a build, git,
    // a browser), so two run side by side in about two thirds of the time.
    maxWorkers: 2,
  },
}))
