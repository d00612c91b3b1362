/**
 * One server the API bench measures, run as a child process so that the load comes from another process over loopback:
 * `app` is Lumin itself; `hono` a bare Hono route on node-server; `sql` the SQL the dashboard request runs, straight
 * through a pg pool behind a minimal node http server. It tells its parent its port, and its CPU time when asked, over
 * IPC; `app` also moves its reminders' clock when asked, for the reminders bench (tests/support/reminder-clock.ts).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Column, is, Placeholder, type SQLWrapper } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { Hono } from 'hono'
import { parse } from 'hono/utils/cookie'
import pg from 'pg'
import { createApp } from '~/server/app'
import { sessionByToken } from '~/server/auth/routes'
import { loadConfig } from '~/server/config'
import type { Db } from '~/server/db/client'
import { openDatabase } from '~/server/database'
import * as schema from '~/server/db/schema'
import { journeyRows } from '~/server/features/journey/queries'
import { createLogger } from '~/server/logger'
import { movableClock } from '../../tests/support/reminder-clock'

export type ServerKind = 'app' | 'hono' | 'sql'

/** The pool size of every server that talks to the database: the app's default. */
export const POOL_SIZE = 10
const SESSION_COOKIE = 'better-auth.session_token'

/** The time as the app's reminders see it: now, until the parent moves it. */
const clock = movableClock()
let moveClock: (ms: number) => Promise<void> = () => Promise.reject(new Error(`only the app's clock moves`))

async function start(kind: ServerKind): Promise<Server> {
  if (kind === 'hono') {
    const app = new Hono().get('/', (c) => c.json({ ok: true }))
    return listen((done) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, done) as Server)
  }
  const databaseUrl = process.env.DATABASE_URL!
  if (kind === 'app') {
    const config = loadConfig(process.env)
    const database = await openDatabase({ databaseUrl, poolSize: POOL_SIZE })
    const app = createApp({ config, database, logger: createLogger('silent'), clock: clock.now })
    moveClock = (ms) => clock.move(database, ms)
    return listen((done) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, done) as Server)
  }
  return listen((done) => sqlCeiling(databaseUrl).listen(0, '127.0.0.1', done))
}

function listen(open: (done: () => void) => Server): Promise<Server> {
  return new Promise((resolve) => {
    const server: Server = open(() => resolve(server))
  })
}

type AppQuery = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }

/** A named statement for pg from one of the app's own queries, so the ceiling runs exactly the app's SQL. */
function statement(name: string, query: AppQuery) {
  const { sql: text, params } = query.toSQL()
  return (values: Record<string, unknown>): pg.QueryArrayConfig => ({
    name,
    text,
    rowMode: 'array',
    values: params.map((p) => (is(p, Placeholder) ? values[p.name] : p)),
  })
}

/**
 * Where a column lands in an array-mode row: drizzle lists the selected fields depth first, in order. (Its builder has
 * getSelectedFields at run time; its type hides it once a where clause is added.)
 */
function columnIndex(query: AppQuery, column: Column): number {
  const fields = (query as unknown as { getSelectedFields(): Record<string, unknown> }).getSelectedFields()
  const flat = (value: unknown): unknown[] => (is(value, Column) ? [value] : Object.values(value as Record<string, unknown>).flatMap(flat))
  return flat(fields).indexOf(column)
}

/** The dashboard request's SQL and nothing else: the session by the cookie's token, then the journey of its user. */
function sqlCeiling(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE })
  const builder: Db = drizzle(pool, { schema })
  const sessionQuery = sessionByToken(builder)
  const session = statement('session_by_token', sessionQuery)
  const userIdAt = columnIndex(sessionQuery, schema.user.id)
  const journey = statement('journey_of', journeyRows(builder))
  return createServer((req, res) => {
    const value = parse(req.headers.cookie ?? '', SESSION_COOKIE)[SESSION_COOKIE] ?? ''
    const token = value.slice(0, value.lastIndexOf('.'))
    void (async () => {
      const [found] = (await pool.query(session({ token }))).rows
      if (!found) return void res.writeHead(401).end()
      const { rows } = await pool.query(journey({ userId: found[userIdAt] }))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ session: found, journey: rows }))
    })().catch(() => res.writeHead(500).end())
  })
}

const kind = process.argv[2] as ServerKind
const server = await start(kind)
process.send?.({ port: (server.address() as AddressInfo).port })
// Its own CPU time, asked for around each measured run: steadier than requests/s on a busy machine.
process.on('message', (message: 'cpu' | { move: number }) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send?.({ cpuMicros: user + system })
    return
  }
  // The reminders bench moves time past its members' reminders; the job queue's clock moves with it.
  void moveClock(message.move).then(() => process.send?.({ moved: message.move }))
})
process.on('disconnect', () => process.exit(0))
