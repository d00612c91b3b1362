import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { findChromium, HOW_TO_GET_CHROMIUM } from './browser.mjs'
import { findPgBouncer, HOW_TO_GET_PGBOUNCER } from './pgbouncer.mjs'
import { findPostgres, HOW_TO_START_POSTGRES } from './postgres.mjs'

/**
 * npm test: every test — unit and server (Vitest), the fault and multi-instance suites on PostgreSQL, the first-load
 * budget, then the browser journeys (Playwright).
 */
const chromium = await findChromium()
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM)
  process.exit(1)
}
if (!(await findPostgres())) {
  console.error(HOW_TO_START_POSTGRES)
  process.exit(1)
}
if (!findPgBouncer()) {
  console.error(HOW_TO_GET_PGBOUNCER)
  process.exit(1)
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`)
    process.exit(result.status ?? 1)
  }
}

rmSync('.test-reports', { recursive: true, force: true })
run('Unit and server tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.test-reports/vitest.json'])
run('Faults survived and many servers, on PostgreSQL', 'npx', ['vitest', 'run', '--config', 'vitest.production.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.test-reports/production.json'])
run('Web build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
run('First-load budget', process.execPath, ['scripts/budget.mjs'])
run(`Browser journeys (${chromium})`, 'npx', ['playwright', 'test'], { CHROME_PATH: chromium })
run('Summary', process.execPath, ['scripts/summary.mjs'])
