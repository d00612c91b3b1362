import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)), '~test': fileURLToPath(new URL('./tests', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/console-errors.ts'],
    // Two cores: two workers keep the machine responsive and each file gets its own database.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
