import { defineConfig } from 'vitest/config'
import { siteViteConfig } from './src/compiler/bundle/vite-config.ts'

export default defineConfig(({ command }) => ({
  ...siteViteConfig(command),
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
  },
}))
