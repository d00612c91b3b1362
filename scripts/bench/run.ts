/**
 * `npm run bench`: Olo's checks against their time budgets, the API under load, then the web figures (BENCH_WEB=0
 * skips them); exits 1 when a budget fails.
 */
import { existsSync } from 'node:fs'
import { benchApi } from './api'
import { benchChecks } from './checks'
import type { benchWeb } from './web'

const checks = benchChecks()
console.log(`${checks.text}\n`)
const api = await benchApi()
console.log(api.report)
let ok = checks.passed && api.ok

const web = new URL('./web.ts', import.meta.url)
if (process.env.BENCH_WEB !== '0' && existsSync(web)) {
  const { benchWeb: bench } = (await import(web.href)) as { benchWeb: typeof benchWeb }
  const figures = await bench()
  console.log(`\n${figures.text}`)
  ok &&= figures.passed
}
process.exit(ok ? 0 : 1)
