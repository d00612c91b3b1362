import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { findChromium, HOW_TO_GET_CHROMIUM } from './browser.mjs'
import { findPgBouncer, HOW_TO_GET_PGBOUNCER } from './pgbouncer.mjs'
import { startTestPostgres } from './postgres.mjs'

/**
 * npm test: every test — unit and server (Vitest on PGlite), the server tests again on PostgreSQL, the fault and
 * multi-instance suites on PostgreSQL, the first-load budget, then the browser journeys (Playwright). PostgreSQL is
 * the machine's when one answers at LUMIN_TEST_POSTGRES_URL, or else one started for the run (docs/decisions/0025).
 */
const chromium = await findChromium()
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM)
  process.exit(1)
}
if (!findPgBouncer()) {
  if (process.env.CI) {
    console.error(HOW_TO_GET_PGBOUNCER)
    process.exit(1)
  }
  console.warn(`The pooler test will be skipped. ${HOW_TO_GET_PGBOUNCER}`)
}

class StepFailed extends Error {
  constructor(label, status) {
    super(`${label} failed`)
    this.status = status
  }
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new StepFailed(label, result.status ?? 1)
}

const vitestReport = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=.test-reports/${name}.json`]

try {
  rmSync('.test-reports', { recursive: true, force: true })
  run('Unit and server tests', 'npx', ['vitest', 'run', ...vitestReport('vitest')])
  const postgres = await startTestPostgres()
  try {
    run(`Server tests on PostgreSQL${postgres.embedded ? ' (embedded)' : ''}`, 'npx', ['vitest', 'run', 'src/server', ...vitestReport('vitest-postgres')], { DATABASE_URL: postgres.url })
    run('Faults survived and many servers, on PostgreSQL', 'npx', ['vitest', 'run', '--config', 'vitest.production.config.ts', ...vitestReport('production')], { LUMIN_TEST_POSTGRES_URL: postgres.url })
  } finally {
    await postgres.stop()
  }
  run('Web build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
  run('First-load budget', process.execPath, ['scripts/budget.mjs'])
  run(`Browser journeys (${chromium})`, 'npx', ['playwright', 'test'], { CHROME_PATH: chromium })
} catch (error) {
  if (!(error instanceof StepFailed)) throw error
  console.error(`\n✖ ${error.message}`)
  process.exitCode = error.status
}
// The closing line counts what ran, a failed step's tests among them; it fails on a failed or flaky test.
const summary = spawnSync(process.execPath, ['scripts/summary.mjs'], { stdio: 'inherit' })
if (summary.status !== 0) process.exitCode ||= summary.status ?? 1
