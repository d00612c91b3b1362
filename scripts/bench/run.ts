/**
 * `npm run bench`: Olo's checks against their time budgets, the API under load, the reminders one instance sends, then
 * the web figures (BENCH_WEB=0 skips them); exits 1 when a budget fails. Naming parts runs only those, e.g.
 * `npm run bench -- reminders` (checks, api, reminders, web).
 */
import { existsSync } from 'node:fs'
import { benchApi } from './api'
import { benchChecks } from './checks'
import { benchReminders } from './reminders'
import type { benchWeb } from './web'

const PARTS = ['checks', 'api', 'reminders', 'web']
const named = process.argv.slice(2)
const unknown = named.filter((part) => !PARTS.includes(part))
if (unknown.length > 0) throw new Error(`npm run bench -- [${PARTS.join(' | ')} ...]; got ${unknown.join(', ')}.`)
const runs = (part: string) => named.length === 0 || named.includes(part)

let ok = true
if (runs('checks')) {
  const checks = benchChecks()
  console.log(`${checks.text}\n`)
  ok &&= checks.passed
}
if (runs('api')) {
  const api = await benchApi()
  console.log(api.report)
  ok &&= api.ok
}
if (runs('reminders')) {
  const reminders = await benchReminders()
  console.log(`\n${reminders.report}`)
  ok &&= reminders.ok
}

const web = new URL('./web.ts', import.meta.url)
if (runs('web') && process.env.BENCH_WEB !== '0' && existsSync(web)) {
  const { benchWeb: bench } = (await import(web.href)) as { benchWeb: typeof benchWeb }
  const figures = await bench()
  console.log(`\n${figures.text}`)
  ok &&= figures.passed
}
process.exit(ok ? 0 : 1)
