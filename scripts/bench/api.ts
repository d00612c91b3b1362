/**
 * The API under load (issue 6, point 1): on a fresh PostgreSQL database with 10,000 seeded members, Lumin's dashboard
 * request, a goal progress update and an offline-guide chat turn, each driven by autocannon from this process against the
 * server in a child process; and in the same run two ceilings, a bare Hono route and the dashboard's own SQL through a
 * pg pool. Then EXPLAIN ANALYZE of every query those three requests run, taken from the app as it runs them.
 */
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon, { type RequestSpec, type Result } from 'autocannon'
import { hashPassword } from 'better-auth/crypto'
import pg from 'pg'
import { createApp } from '~/server/app'
import { loadConfig } from '~/server/config'
import { openDatabase } from '~/server/database'
import { createLogger } from '~/server/logger'
import { freshDatabase } from './database'
import { seedMembers, type Seeded } from './seed'
import type { ServerKind } from './servers'

const DATABASE = 'lumin_bench'
const MEMBERS = 10_000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** The issue's bar: the dashboard request reaches at least half of its own SQL's requests/s. */
const DASHBOARD_FLOOR = 0.5
/** Local mode serves a loopback origin only; the bench's requests name it as their origin. */
const APP_URL = 'http://localhost:3000'
const AUTH_SECRET = randomBytes(32).toString('hex')
/**
 * Tables a sequential scan suits: reference content, a few rows each, and the rate-limit counters, whose spent windows
 * each server prunes in one sweep every ten minutes.
 */
const SCANNED_BY_DESIGN = new Set(['paths', 'levels', 'path_exercises', 'minigames', 'conversation_scripts', 'goal_categories', 'dimensions', 'focus_options', 'rate_limits'])
/** This week's recap, answered the way a member would; the offline Olo closes it on the fourth answer. */
const RECAP_ANSWERS = [
  'A full week: long walks, good sleep and a hard deadline at work.',
  '7',
  'Body, the walks kept me steady.',
  'Connection, I want to call my sister.',
]

interface Measured {
  label: string
  result: Result
  /** The server process's own CPU time per completed request. */
  cpuMs: number
}

interface Server {
  url: string
  /** The server process's CPU time so far, in microseconds. */
  cpu(): Promise<number>
}

export async function benchApi(): Promise<{ report: string; ok: boolean }> {
  const { url: databaseUrl, drop } = await freshDatabase(DATABASE)
  try {
    const database = await openDatabase({ databaseUrl })
    const seedStarted = performance.now()
    const client = new pg.Client({ connectionString: databaseUrl })
    // Reported by the query that meets it; a dropped connection must not crash the run.
    client.on('error', () => undefined)
    await client.connect()
    const seeded = await seedMembers(client, { count: MEMBERS, passwordHash: await hashPassword('quiet-morning-walks'), authSecret: AUTH_SECRET })
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const postgres = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version

    const env = { ...process.env, DATABASE_URL: databaseUrl, AUTH_SECRET, APP_URL, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/lumin-bench-unused', NODE_ENV: '' }
    const measured: Measured[] = []
    await withServer('hono', env, async (server) => measured.push(await load('bare Hono route', server, [{ path: '/' }])))
    await withServer('sql', env, async (server) => measured.push(await load('dashboard SQL, pg pool', server, dashboard(seeded, '/'))))
    await withServer('app', env, async (server) => {
      measured.push(await load('GET /api/journey (dashboard)', server, dashboard(seeded, '/api/journey')))
      measured.push(await load('PUT /api/goals/:id/progress', server, goalProgress(seeded)))
      measured.push(await load('POST chat turn (offline Olo)', server, chatTurns(seeded)))
    })

    const plans = await explainHotQueries(database, client, seeded)
    await client.end()
    await database.close()

    const [hono, sqlCeiling, journey] = measured.map((m) => m.result.requests.average) as [number, number, number]
    const ok = journey >= DASHBOARD_FLOOR * sqlCeiling
    const heading = `API under load: PostgreSQL ${postgres}, ${MEMBERS.toLocaleString('en')} members seeded in ${seedSeconds.toFixed(1)} s (${summarise(seeded.rows)}); ${CONNECTIONS} connections, ${SECONDS} s per line after ${WARM_UP_SECONDS} s of warm-up`
    const verdict = `${ok ? 'PASS' : 'FAIL'}: the dashboard request reaches ${percent(journey / sqlCeiling)} of its SQL ceiling (floor ${percent(DASHBOARD_FLOOR)})`
    return { report: [heading, '', table(measured, hono, sqlCeiling), '', verdict, '', plans].join('\n'), ok }
  } finally {
    await drop()
  }
}

// ── Load ─────────────────────────────────────────────────────────────────────────────────────────

async function load(label: string, server: Server, requests: RequestSpec[]): Promise<Measured> {
  const options = { url: server.url, connections: CONNECTIONS, headers: { origin: APP_URL }, requests }
  if (WARM_UP_SECONDS > 0) await autocannon({ ...options, duration: WARM_UP_SECONDS })
  const cpuBefore = await server.cpu()
  const result = await autocannon({ ...options, duration: SECONDS })
  const cpuMs = (await server.cpu()) - cpuBefore
  return { label, result, cpuMs: cpuMs / 1000 / Math.max(1, result.requests.total) }
}

/** Each request as a different member: the dashboard is read by many people, not one. */
function dashboard(seeded: Seeded, path: string): RequestSpec[] {
  let next = 0
  return [{ method: 'GET', path, setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: seeded.members[next++ % seeded.members.length]!.cookie } }) }]
}

/** A member moving one of their goals to somewhere between nothing and its target, earning tiers on the way. */
function goalProgress(seeded: Seeded): RequestSpec[] {
  const cookies = new Map(seeded.members.map((m) => [m.userId, m.cookie]))
  let next = 0
  return [
    {
      method: 'PUT',
      setupRequest: (request) => {
        const goal = seeded.goals[next++ % seeded.goals.length]!
        return {
          ...request,
          path: `/api/goals/${goal.id}/progress`,
          headers: { ...request.headers, cookie: cookies.get(goal.userId)!, 'content-type': 'application/json' },
          body: JSON.stringify({ currentValue: Math.round(goal.targetValue * Math.random() * 10) / 10 }),
        }
      },
    },
  ]
}

/**
 * Whole recap chats: each connection takes the next member's open recap and answers Olo four times, the last answer
 * finishing the recap with its summary and tasks. No member nears the turn caps or the daily model limit.
 */
function chatTurns(seeded: Seeded): RequestSpec[] {
  const cookies = new Map(seeded.members.map((m) => [m.userId, m.cookie]))
  let next = 0
  return RECAP_ANSWERS.map((content, turn) => ({
    method: 'POST',
    setupRequest: (request, context) => {
      if (turn === 0) {
        const recap = seeded.openRecaps[next++]
        if (!recap) throw new Error('The chat bench ran out of open recaps: seed more members or shorten BENCH_SECONDS.')
        context.recap = recap
      }
      const recap = context.recap as Seeded['openRecaps'][number]
      return {
        ...request,
        path: `/api/conversations/${recap.id}/messages`,
        headers: { ...request.headers, cookie: cookies.get(recap.userId)!, 'content-type': 'application/json' },
        body: JSON.stringify({ id: randomUUID(), content }),
      }
    },
  }))
}

/** Runs one server kind in a child process for the length of `use`. */
async function withServer(kind: ServerKind, env: NodeJS.ProcessEnv, use: (server: Server) => Promise<unknown>) {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), [kind], { execArgv: ['--import', 'tsx'], env })
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`))))
  exited.catch(() => undefined)
  const reply = (key: 'port' | 'cpuMicros') => {
    const answer = new Promise<number>((resolve) => {
      const onMessage = (message: Record<string, number>) => {
        if (!(key in message)) return
        child.off('message', onMessage)
        resolve(message[key]!)
      }
      child.on('message', onMessage)
    })
    return Promise.race([answer, exited])
  }
  try {
    const port = await reply('port')
    await use({
      url: `http://127.0.0.1:${port}`,
      cpu: () => {
        const answer = reply('cpuMicros')
        child.send('cpu')
        return answer
      },
    })
  } finally {
    child.kill()
  }
}

// ── Plans ────────────────────────────────────────────────────────────────────────────────────────

interface Statement {
  text: string
  values: unknown[]
}

/**
 * Sends one dashboard request, one goal progress update and one chat turn through the app in this process, records
 * every statement they send to PostgreSQL, and EXPLAIN ANALYZEs each one that reads rows (in a rolled-back transaction,
 * so writes leave nothing behind).
 */
async function explainHotQueries(database: Awaited<ReturnType<typeof openDatabase>>, client: pg.Client, seeded: Seeded) {
  const config = loadConfig({ AUTH_SECRET, APP_URL, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/lumin-bench-unused' })
  const app = createApp({ config, database, logger: createLogger('silent') })
  // The load runs take goals and recaps from the front of the lists: the last member's are still untouched.
  const member = seeded.members.findLast((m) => seeded.goals.some((g) => g.userId === m.userId))!
  const goal = seeded.goals.findLast((g) => g.userId === member.userId)!
  const recap = seeded.openRecaps.find((r) => r.userId === member.userId)!
  const headers = { cookie: member.cookie, origin: APP_URL, 'content-type': 'application/json' }
  const requests: [string, () => Response | Promise<Response>][] = [
    ['GET /api/journey', () => app.request('/api/journey', { headers })],
    ['PUT /api/goals/:id/progress', () => app.request(`/api/goals/${goal.id}/progress`, { method: 'PUT', headers, body: JSON.stringify({ currentValue: goal.targetValue }) })],
    [
      'POST /api/conversations/:id/messages',
      () => app.request(`/api/conversations/${recap.id}/messages`, { method: 'POST', headers, body: JSON.stringify({ id: randomUUID(), content: RECAP_ANSWERS[0] }) }),
    ],
  ]

  const sections: string[] = []
  const seqScans = new Set<string>()
  for (const [label, send] of requests) {
    const recorded = await recording(async () => {
      const response = await send()
      await response.text()
      if (!response.ok) throw new Error(`${label} answered ${response.status} while its queries were recorded`)
    })
    // The job queue's worker looks for work on its own clock (schema pgboss); none of that is the request's.
    const statements = recorded.filter((s) => !s.text.includes('pgboss.'))
    const reads = statements.filter((s) => /^\s*(select|update|delete|with)\b|\bselect\b[\s\S]*\bfrom\b/i.test(s.text) && !/^\s*(begin|commit|rollback)/i.test(s.text))
    sections.push(`── ${label}: ${statements.length} statements, ${reads.length} that read rows`)
    for (const statement of reads) {
      // A statement that inserts (a chat turn's message and its count) would insert the same key again: plan it unrun.
      const analyze = /\binsert\s+into\b/i.test(statement.text) ? '' : 'analyze, '
      await client.query('begin')
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (${analyze}costs off) ${statement.text}`, statement.values)
      await client.query('rollback')
      const lines = plan.rows.map((r) => r['QUERY PLAN'])
      for (const line of lines) {
        const table = /Seq Scan on (\w+)/.exec(line)?.[1]
        if (table && !SCANNED_BY_DESIGN.has(table)) seqScans.add(table)
      }
      sections.push(`\n${oneLine(statement.text)}\n${lines.map((l) => `    ${l}`).join('\n')}`)
    }
    sections.push('')
  }
  const scans = seqScans.size === 0 ? 'no sequential scan of a member-owned table' : `SEQUENTIAL SCANS of member-owned tables: ${[...seqScans].join(', ')}`
  return [`EXPLAIN ANALYZE of the hot queries, as the app sends them, on the seeded data (${scans}):`, '', ...sections].join('\n')
}

/** Every statement any pg client in this process sends while `run` runs. */
async function recording(run: () => Promise<void>): Promise<Statement[]> {
  const statements: Statement[] = []
  const original = pg.Client.prototype.query
  const spy = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args
    if (typeof first === 'string') statements.push({ text: first, values: Array.isArray(second) ? second : [] })
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as pg.QueryConfig
      statements.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) })
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  }
  pg.Client.prototype.query = spy as typeof original
  try {
    await run()
  } finally {
    pg.Client.prototype.query = original
  }
  return statements
}

// ── Report ───────────────────────────────────────────────────────────────────────────────────────

function table(measured: Measured[], hono: number, sqlCeiling: number) {
  const header = ['', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'server CPU ms/req', 'vs bare Hono', 'vs dashboard SQL']
  const rows = measured.map(({ label, result, cpuMs }) => [
    label,
    Math.round(result.requests.average).toLocaleString('en'),
    milliseconds(result.latency.p50),
    milliseconds(result.latency.p99),
    String(result.non2xx),
    String(result.errors + result.timeouts),
    cpuMs.toFixed(3),
    percent(result.requests.average / hono),
    percent(result.requests.average / sqlCeiling),
  ])
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)))
  return [header, ...rows].map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n')
}

/** autocannon counts latency in whole milliseconds. */
function milliseconds(value: number) {
  return value < 1 ? '<1' : value.toFixed(0)
}

function percent(ratio: number) {
  return `${Math.round(ratio * 100)} %`
}

function summarise(rows: Record<string, number>) {
  const pick = ['session', 'practices', 'conversations', 'messages', 'goals', 'achievements', 'weekly_tasks']
  return pick.map((t) => `${(rows[t] ?? 0).toLocaleString('en')} ${t}`).join(', ')
}

function oneLine(text: string) {
  return text.replace(/\s+/g, ' ').trim()
}
