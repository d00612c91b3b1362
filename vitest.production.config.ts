import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The fault and multi-instance suites (tests/production): real server processes on a real PostgreSQL
 * (LUMIN_TEST_POSTGRES_URL when it answers, else one started for the run). One file at a time: each starts servers
 * of its own and times their answers.
 */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)), '~test': fileURLToPath(new URL('./tests', import.meta.url)) } },
  test: {
    include: ['tests/production/**/*.test.ts'],
    globalSetup: ['tests/production/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
