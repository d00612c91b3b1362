/**
 * The API under load (issue 6, point 1; issue 14, "Cost as the work grows"): on fresh PostgreSQL databases seeded with
 * 10,000 and with 100,000 members of the same history, Lumin's dashboard request, a goal progress update, an
 * offline-guide chat turn, a check-in, and a journal's first page and search (issue 15, one member in ten keeping 100
 * entries), and Stats over a year (issue 16, one member in a hundred with a year of daily check-ins and practices), each driven by autocannon from this process against the server in a child process; and in the same run two
 * ceilings, a bare Hono route and the dashboard's own SQL through a pg pool. Each line runs on every size back to back,
 * so that what else the machine is doing weighs on both alike. Then EXPLAIN ANALYZE of every query those requests run,
 * taken from the app as it runs them, and whether each of the journal's searches reads its GIN index.
 */
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon, { type RawResult, type RequestSpec, type Result } from 'autocannon'
import pg from 'pg'
import { createApp } from '~/server/app'
import { loadConfig } from '~/server/config'
import { openDatabase } from '~/server/database'
import { createLogger } from '~/server/logger'
import { passwordHash as hashOf } from '../../tests/support/factories'
import { freshDatabase } from './database'
import { seedMembers, type Seeded } from './seed'
import type { ServerKind } from './servers'

/** The numbers of members to seed, smallest first; the growth budget compares the largest with the smallest. */
const MEMBER_COUNTS = memberCounts(process.env.BENCH_MEMBERS ?? '10000,100000')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** How many turns each line's seconds are measured in, at each size. */
const TURNS = 4
/** The issue's bar: the dashboard request reaches at least half of its own SQL's requests/s. */
const DASHBOARD_FLOOR = 0.5
/** Issue 14: at ten times the members, the dashboard, goal progress and a chat turn keep at least 80 % of their requests/s. */
const GROWTH_FLOOR = 0.8
/** Local mode serves a loopback origin only; the bench's requests name it as their origin. */
const APP_URL = 'http://localhost:3000'
const AUTH_SECRET = randomBytes(32).toString('hex')
/**
 * Tables a sequential scan suits: reference content, a few rows each; the goals' counts, a row per category and per
 * category and tier; and the rate-limit counters, whose spent windows each server prunes in one sweep every ten minutes.
 */
const SCANNED_BY_DESIGN = new Set([
  'paths',
  'levels',
  'path_exercises',
  'minigames',
  'conversation_scripts',
  'goal_categories',
  'dimensions',
  'focus_options',
  'goal_category_counts',
  'goal_tier_counts',
  'rate_limits',
])
/** This week's recap, answered the way a member would; the offline Olo closes it on the fourth answer. */
const RECAP_ANSWERS = [
  'A full week: long walks, good sleep and a hard deadline at work.',
  '7',
  'Body, the walks kept me steady.',
  'Connection, I want to call my sister.',
]

interface Line {
  label: string
  server: ServerKind
  requests: (seeded: Seeded) => RequestSpec[]
  /** Held to the dashboard's floor against its own SQL. */
  dashboard?: true
  /** Held to the growth budget. */
  grows?: true
  /** Reported against the dashboard request (issue 16 §4). */
  stats?: true
}

const LINES: Line[] = [
  { label: 'bare Hono route', server: 'hono', requests: () => [{ path: '/' }] },
  { label: 'dashboard SQL, pg pool', server: 'sql', requests: (seeded) => dashboard(seeded, '/') },
  { label: 'GET /api/journey (dashboard)', server: 'app', requests: (seeded) => dashboard(seeded, '/api/journey'), dashboard: true, grows: true },
  { label: 'PUT /api/goals/:id/progress', server: 'app', requests: goalProgress, grows: true },
  { label: 'POST chat turn (offline Olo)', server: 'app', requests: chatTurns, grows: true },
  { label: 'POST /api/check-ins', server: 'app', requests: checkIns, grows: true },
  { label: 'GET /api/journal (100 entries)', server: 'app', requests: (seeded) => journal(seeded, () => '/api/journal'), grows: true },
  { label: 'GET /api/journal/search', server: 'app', requests: (seeded) => journal(seeded, (n) => `/api/journal/search?q=${JOURNAL_SEARCHES[n % JOURNAL_SEARCHES.length]}`), grows: true },
  { label: 'GET /api/stats?range=year (a year of days)', server: 'app', requests: yearStats, grows: true, stats: true },
]

/** Stats over a year, in the zone the seeded year was lived in. */
const YEAR_STATS = `/api/stats?range=year&timeZone=Europe%2FParis`

/** The GIN index over journal_entries' member and words (migration 0013, docs/decisions/0037). */
const JOURNAL_SEARCH_INDEX = 'journal_entries_user_search_idx'

/** What members look for in their journals: common words, stemmed ones, a phrase, and a rarer word. */
const JOURNAL_SEARCHES = ['walking', 'sister', 'slept', 'calm%20morning', '%22real%20calm%22', 'lighthouse', 'rest%20-work', 'volcano']

interface Measured {
  requestsPerSecond: number
  /** Latency over every request of the line's runs at one size. */
  latency: Result['latency']
  non2xx: number
  errors: number
  /** The server process's own CPU time per completed request. */
  cpuMs: number
}

interface Server {
  url: string
  /** The server process's CPU time so far, in microseconds. */
  cpu(): Promise<number>
  /** Moves the app's reminders' clock, and its job queue's, on by `ms` (the app only). */
  moveClock(ms: number): Promise<void>
}

interface Size {
  members: number
  databaseUrl: string
  seeded: Seeded
  seedSeconds: number
  drop(): Promise<void>
}

export async function benchApi(): Promise<{ report: string; ok: boolean }> {
  const sizes: Size[] = []
  try {
    const passwordHash = await hashOf('quiet-morning-walks')
    for (const members of MEMBER_COUNTS) sizes.push(await seededDatabase(members, passwordHash))
    const postgres = await serverVersion(sizes[0]!.databaseUrl)

    // measured[line][size]
    const measured: Measured[][] = LINES.map(() => [])
    for (const kind of ['hono', 'sql', 'app'] as const) {
      const envs = sizes.map((size) => ({ ...process.env, DATABASE_URL: size.databaseUrl, AUTH_SECRET, APP_URL, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/lumin-bench-unused', NODE_ENV: '' }))
      await withServers(kind, envs, async (servers) => {
        for (const [i, line] of LINES.entries()) {
          if (line.server === kind) measured[i] = await load(servers, sizes.map((size) => line.requests(size.seeded)))
        }
      })
    }

    const plans: string[] = []
    const seqScans = new Set<string>()
    const searchUnindexed: string[] = []
    for (const size of sizes) {
      const explained = await explainHotQueries(size)
      for (const table of explained.seqScans) seqScans.add(`${table} (${compact(size.members)} members)`)
      for (const q of explained.searchUnindexed) searchUnindexed.push(`"${decodeURIComponent(q)}" at ${compact(size.members)} members`)
      // The plans at the largest size, where a scan or a wrong index would cost the most.
      if (size === sizes.at(-1)) plans.push(...explained.sections)
    }

    const verdicts = budgets(sizes, measured)
    // docs/decisions/0037: every search the load tries reads the member's words in their GIN index, at every size.
    verdicts.push({
      ok: searchUnindexed.length === 0,
      text:
        searchUnindexed.length === 0
          ? `PASS: the journal search reads ${JOURNAL_SEARCH_INDEX} for each of its ${JOURNAL_SEARCHES.length} searches at every size (the plans are below)`
          : `FAIL: the journal search does not read ${JOURNAL_SEARCH_INDEX} for ${searchUnindexed.join(', ')}`,
    })
    const heading = [
      `API under load: PostgreSQL ${postgres}; ${CONNECTIONS} connections, ${SECONDS} s per line and size after ${WARM_UP_SECONDS} s of warm-up.`,
      ...sizes.map((size) => `${size.members.toLocaleString('en')} members seeded in ${size.seedSeconds.toFixed(1)} s (${summarise(size.seeded.rows)})`),
    ]
    const scans = seqScans.size === 0 ? 'no sequential scan of a member-owned table' : `SEQUENTIAL SCANS of member-owned tables: ${[...seqScans].join(', ')}`
    const planHeading = `EXPLAIN ANALYZE of the hot queries, as the app sends them, on the ${sizes.at(-1)!.members.toLocaleString('en')} members' data (${scans}):`
    const report = [...heading, '', table(sizes, measured), '', ...verdicts.map((v) => v.text), '', planHeading, '', ...plans].join('\n')
    return { report, ok: verdicts.every((v) => v.ok) }
  } finally {
    for (const size of sizes) await size.drop()
  }
}

function memberCounts(text: string) {
  const counts = text.split(',').map((part) => Number(part.trim()))
  if (counts.length === 0 || counts.some((count) => !Number.isInteger(count) || count < 100)) {
    throw new Error(`BENCH_MEMBERS is one number of members or several separated by commas, each at least 100; got "${text}".`)
  }
  return [...new Set(counts)].sort((a, b) => a - b)
}

async function seededDatabase(members: number, passwordHash: string): Promise<Size> {
  const { url: databaseUrl, drop } = await freshDatabase(String(members))
  try {
    // Migrated and seeded with the reference content as the app does it, then closed: the servers open their own.
    await (await openDatabase({ databaseUrl })).close()
    const started = performance.now()
    const client = await connect(databaseUrl)
    try {
      const seeded = await seedMembers(client, { count: members, passwordHash, authSecret: AUTH_SECRET })
      return { members, databaseUrl, seeded, seedSeconds: (performance.now() - started) / 1000, drop }
    } finally {
      await client.end()
    }
  } catch (error) {
    await drop()
    throw error
  }
}

async function connect(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  // Reported by the query that meets it; a dropped connection must not crash the run.
  client.on('error', () => undefined)
  await client.connect()
  return client
}

async function serverVersion(databaseUrl: string) {
  const client = await connect(databaseUrl)
  try {
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version
  } finally {
    await client.end()
  }
}

function budgets(sizes: Size[], measured: Measured[][]) {
  const requests = (line: number, size: number) => measured[line]![size]!.requestsPerSecond
  const sqlCeiling = LINES.findIndex((line) => line.server === 'sql')
  const journeyLine = LINES.findIndex((line) => line.dashboard)
  const verdicts = sizes.map((size, s) => {
    const share = requests(journeyLine, s) / requests(sqlCeiling, s)
    const ok = share >= DASHBOARD_FLOOR
    return { ok, text: `${ok ? 'PASS' : 'FAIL'}: the dashboard request reaches ${percent(share)} of its SQL ceiling at ${compact(size.members)} members (floor ${percent(DASHBOARD_FLOOR)})` }
  })
  const statsLine = LINES.findIndex((line) => line.stats)
  for (const [s, size] of sizes.entries()) {
    const [stats, journey] = [measured[statsLine]![s]!, measured[journeyLine]![s]!]
    verdicts.push({
      ok: stats.non2xx === 0 && stats.errors === 0,
      text: `INFO: GET /api/stats?range=year at ${compact(size.members)} members: p50 ${milliseconds(stats.latency.p50)} ms, p99 ${milliseconds(stats.latency.p99)} ms, ${(journey.requestsPerSecond / stats.requestsPerSecond).toFixed(1)}× the dashboard request's time per request (${Math.round(stats.requestsPerSecond)} against ${Math.round(journey.requestsPerSecond)} req/s)`,
    })
  }
  if (sizes.length < 2) return verdicts
  const [smallest, largest] = [sizes[0]!, sizes.at(-1)!]
  for (const [i, line] of LINES.entries()) {
    if (!line.grows) continue
    const kept = requests(i, sizes.length - 1) / requests(i, 0)
    const ok = kept >= GROWTH_FLOOR
    verdicts.push({
      ok,
      text: `${ok ? 'PASS' : 'FAIL'}: ${line.label} keeps ${percent(kept)} of its requests/s from ${compact(smallest.members)} to ${compact(largest.members)} members (floor ${percent(GROWTH_FLOOR)})`,
    })
  }
  return verdicts
}

// ── Load ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * One line at every size: each size's server warmed up, then measured in short turns, the sizes one way and back again
 * (10k, 100k, 100k, 10k, 10k, 100k, ...), so that whatever else the machine does during the line weighs on every size
 * alike.
 */
async function load(servers: Server[], requests: RequestSpec[][]): Promise<Measured[]> {
  const options = servers.map((server, s) => ({ url: server.url, connections: CONNECTIONS, headers: { origin: APP_URL }, requests: requests[s] }))
  if (WARM_UP_SECONDS > 0) for (const option of options) await autocannon({ ...option, duration: WARM_UP_SECONDS })
  const runs = servers.map(() => ({ results: [] as RawResult[], cpuMicros: 0 }))
  const sizes = [...servers.keys()]
  const order = Array.from({ length: TURNS }, (_, turn) => (turn % 2 === 0 ? sizes : sizes.toReversed())).flat()
  for (const s of order) {
    const cpuBefore = await servers[s]!.cpu()
    runs[s]!.results.push(await autocannon({ ...options[s]!, duration: SECONDS / TURNS, skipAggregateResult: true }))
    runs[s]!.cpuMicros += (await servers[s]!.cpu()) - cpuBefore
  }
  return runs.map(({ results, cpuMicros }, s) => {
    const requests = results.reduce((sum, result) => sum + result.totalCompletedRequests, 0)
    const seconds = results.reduce((sum, result) => sum + result.duration, 0)
    return {
      requestsPerSecond: requests / seconds,
      latency: autocannon.aggregateResult(results, options[s]!).latency,
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      cpuMs: cpuMicros / 1000 / Math.max(1, requests),
    }
  })
}

/** Each request as a different member: the dashboard is read by many people, not one. */
function dashboard(seeded: Seeded, path: string): RequestSpec[] {
  let next = 0
  return [{ method: 'GET', path, setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: seeded.members[next++ % seeded.members.length]!.cookie } }) }]
}

/** Each request as a different member of those who keep a journal. */
function journal(seeded: Seeded, path: (n: number) => string): RequestSpec[] {
  let next = 0
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const n = next++
        return { ...request, path: path(n), headers: { ...request.headers, cookie: seeded.journalMembers[n % seeded.journalMembers.length]!.cookie } }
      },
    },
  ]
}

/** Each request as the next member with a year of days. */
function yearStats(seeded: Seeded): RequestSpec[] {
  let next = 0
  return [{ method: 'GET', path: YEAR_STATS, setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: seeded.yearMembers[next++ % seeded.yearMembers.length]!.cookie } }) }]
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

/** A new check-in each time, from the next member, tagged with a dimension as the orbs count them (issue 15 §6). */
function checkIns(seeded: Seeded): RequestSpec[] {
  let next = 0
  return [
    {
      method: 'POST',
      path: '/api/check-ins',
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, cookie: seeded.members[next++ % seeded.members.length]!.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(checkInBody()),
      }),
    },
  ]
}

const checkInBody = () => ({ id: randomUUID(), mood: 'good', emotions: ['calm'], dimensions: ['mind'], at: new Date().toISOString(), timeZone: 'Europe/Paris' })

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

/** Runs one server of a kind per environment, each in a child process, for the length of `use`. */
async function withServers(kind: ServerKind, envs: NodeJS.ProcessEnv[], use: (servers: Server[]) => Promise<unknown>): Promise<unknown> {
  const [env, ...rest] = envs
  if (!env) return use([])
  return withServer(kind, env, (server) => withServers(kind, rest, (others) => use([server, ...others])))
}

/** Runs one server kind in a child process for the length of `use`. */
export async function withServer(kind: ServerKind, env: NodeJS.ProcessEnv, use: (server: Server) => Promise<unknown>) {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), [kind], { execArgv: ['--import', 'tsx'], env })
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`))))
  exited.catch(() => undefined)
  const reply = (key: 'port' | 'cpuMicros' | 'moved') => {
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
      moveClock: async (ms) => {
        const answer = reply('moved')
        child.send({ move: ms })
        await answer
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
 * Sends one dashboard request, one goal progress update, one chat turn, one check-in, a journal's first page and each of
 * its searches, a calendar month and a year of Stats through the app in this process, records every statement they
 * send to PostgreSQL, and EXPLAIN ANALYZEs each one that reads rows (in a rolled-back transaction, so writes leave
 * nothing behind).
 */
async function explainHotQueries({ databaseUrl, seeded }: Size) {
  const database = await openDatabase({ databaseUrl })
  const client = await connect(databaseUrl)
  try {
    return await explainRequests(database, client, seeded)
  } finally {
    await client.end()
    await database.close()
  }
}

async function explainRequests(database: Awaited<ReturnType<typeof openDatabase>>, client: pg.Client, seeded: Seeded) {
  const config = loadConfig({ AUTH_SECRET, APP_URL, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/lumin-bench-unused' })
  const app = createApp({ config, database, logger: createLogger('silent') })
  // The load runs take goals and recaps from the front of the lists: the last member's are still untouched.
  const member = seeded.members.findLast((m) => seeded.goals.some((g) => g.userId === m.userId))!
  const goal = seeded.goals.findLast((g) => g.userId === member.userId)!
  const recap = seeded.openRecaps.find((r) => r.userId === member.userId)!
  const headers = { cookie: member.cookie, origin: APP_URL, 'content-type': 'application/json' }
  const writer = { cookie: seeded.journalMembers.at(-1)!.cookie, origin: APP_URL }
  const requests: [string, () => Response | Promise<Response>][] = [
    ['GET /api/journey', () => app.request('/api/journey', { headers })],
    ['PUT /api/goals/:id/progress', () => app.request(`/api/goals/${goal.id}/progress`, { method: 'PUT', headers, body: JSON.stringify({ currentValue: goal.targetValue }) })],
    [
      'POST /api/conversations/:id/messages',
      () => app.request(`/api/conversations/${recap.id}/messages`, { method: 'POST', headers, body: JSON.stringify({ id: randomUUID(), content: RECAP_ANSWERS[0] }) }),
    ],
    ['POST /api/check-ins', () => app.request('/api/check-ins', { method: 'POST', headers, body: JSON.stringify(checkInBody()) })],
    ['GET /api/journal', () => app.request('/api/journal', { headers: writer })],
    ...JOURNAL_SEARCHES.map((q): [string, () => Promise<Response>] => [`GET /api/journal/search?q=${q}`, async () => app.request(`/api/journal/search?q=${q}`, { headers: writer })]),
    ['GET /api/calendar', () => app.request(`/api/calendar?month=${new Date().toISOString().slice(0, 7)}&timeZone=Europe%2FParis`, { headers: writer })],
    ['GET /api/stats?range=year', () => app.request(YEAR_STATS, { headers: { cookie: seeded.yearMembers.at(-1)!.cookie, origin: APP_URL } })],
  ]

  // The load run may have spent a year member's minute of Stats (LIMITS.statsPerMinute) on a small seed: a fresh one.
  await client.query(`delete from rate_limits where key like 'stats:%'`)
  const sections: string[] = []
  const seqScans = new Set<string>()
  const searchUnindexed: string[] = []
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
      if (statement.text.includes('websearch_to_tsquery') && !lines.some((line) => line.includes(JOURNAL_SEARCH_INDEX))) searchUnindexed.push(label.replace(/^.*\?q=/, ''))
      sections.push(`\n${oneLine(statement.text)}\n${lines.map((l) => `    ${l}`).join('\n')}`)
    }
    sections.push('')
  }
  return { sections, seqScans, searchUnindexed }
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

function table(sizes: Size[], measured: Measured[][]) {
  const each = (name: string) => sizes.map((size) => `${name} ${compact(size.members)}`)
  const growth = sizes.length > 1 ? [`${compact(sizes.at(-1)!.members)}/${compact(sizes[0]!.members)}`] : []
  const header = ['', ...each('req/s'), ...growth, ...each('p50 ms'), ...each('p99 ms'), ...each('CPU ms/req'), 'non-2xx', 'errors']
  const rows = LINES.map((line, i) => {
    const runs = measured[i]!
    const requests = runs.map((run) => run.requestsPerSecond)
    return [
      line.label,
      ...requests.map((value) => Math.round(value).toLocaleString('en')),
      ...(growth.length > 0 ? [percent(requests.at(-1)! / requests[0]!)] : []),
      ...runs.map((run) => milliseconds(run.latency.p50)),
      ...runs.map((run) => milliseconds(run.latency.p99)),
      ...runs.map((run) => run.cpuMs.toFixed(3)),
      String(runs.reduce((sum, run) => sum + run.non2xx, 0)),
      String(runs.reduce((sum, run) => sum + run.errors, 0)),
    ]
  })
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)))
  return [header, ...rows].map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n')
}

/** 10000 as 10k, 100000 as 100k, 2500 as 2.5k. */
function compact(members: number) {
  return members >= 1000 ? `${members / 1000}k` : String(members)
}

/** autocannon counts latency in whole milliseconds. */
function milliseconds(value: number) {
  return value < 1 ? '<1' : value.toFixed(0)
}

function percent(ratio: number) {
  return `${Math.round(ratio * 100)} %`
}

function summarise(rows: Record<string, number>) {
  const pick = ['session', 'practices', 'check_ins', 'conversations', 'messages', 'goals', 'achievements', 'weekly_tasks', 'journal_entries']
  return pick.map((t) => `${(rows[t] ?? 0).toLocaleString('en')} ${t}`).join(', ')
}

function oneLine(text: string) {
  return text.replace(/\s+/g, ' ').trim()
}
