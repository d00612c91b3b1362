import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/server/database'
import type { Db } from '~/server/db/client'
import { dimensions } from '~/server/db/schema'
import { hitRateLimit } from '~/server/rate-limit'
import { json, newAuthSecret, startLumin, Visitor, type Lumin } from './support/lumin'
import { startMailbox } from './support/mailbox'
import { startPgBouncer } from './support/pgbouncer'
import { freshDatabase } from './support/postgres'

/**
 * README "Deploying": Lumin behind a transaction-mode pooler that keeps no named prepared statement, here the system's
 * real PgBouncer (Debian 12's is 1.18). DATABASE_URL goes through it and MIGRATION_DATABASE_URL straight to
 * PostgreSQL, as the README says; DATABASE_PREPARED_STATEMENTS=false is what makes Lumin work there.
 */
const database = await freshDatabase('pgbouncer')
/** Null on a machine without PgBouncer, where the tests that need it are skipped. */
const pgbouncer = await startPgBouncer(database.url)
const mailbox = await startMailbox()
/** With the default, named prepared statements. */
let named: Lumin
let lumin: Lumin

/**
 * Ten sign-in attempts at the same moment, each from an address of its own: the pool opens connections side by side,
 * and PgBouncer hands each transaction whichever server connection is free, where another client's statement of the
 * same name may already be (42P05) or its own not be (26000).
 */
async function signInsTogether(server: Lumin) {
  const attempts = Array.from({ length: 10 }, (_, i) =>
    new Visitor(`198.51.100.${100 + i}`).post(server, '/api/auth/sign-in/email', { email: `nobody-${i}@example.com`, password: 'not-the-password' }),
  )
  return (await Promise.all(attempts)).map((response) => response.status)
}

describe.skipIf(!pgbouncer)('Lumin behind PgBouncer in transaction mode', () => {
  beforeAll(async () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: newAuthSecret(), SMTP_URL: mailbox.url, DATABASE_URL: pgbouncer!.url, MIGRATION_DATABASE_URL: database.url }
    ;[named, lumin] = await Promise.all([startLumin(env), startLumin({ ...env, DATABASE_PREPARED_STATEMENTS: 'false' })])
  })

  it('fails with named prepared statements, the default: 500s, PostgreSQL saying 42P05', async () => {
    expect(await signInsTogether(named)).toContain(500)
    expect(named.output()).toMatch(/"code":"42P05"/)
    await named.stop()
  })

  it('with DATABASE_PREPARED_STATEMENTS=false answers the same attempts with 401 each', async () => {
    expect(await signInsTogether(lumin)).toEqual(Array<number>(10).fill(401))
  })

  it('serves sign-up, sign-in, the dashboard, a chat turn and a goal’s progress to several people at once', async () => {
    const people = ['ada', 'bo', 'cy', 'di'].map((name, i) => ({ visitor: new Visitor(`198.51.100.${20 + i}`), email: `${name}@example.com` }))
    await Promise.all(
      people.map(async ({ visitor, email }) => {
        // Sign-up, the mailed confirmation link, then sign-in.
        await mailbox.member(visitor, email, lumin)
        expect(await json(await visitor.request(lumin, '/api/journey'))).toMatchObject({ points: 0 })

        const { recap } = await json<{ recap: { conversationId: string } }>(await visitor.post(lumin, '/api/weekly/recap', { timeZone: 'Europe/Paris' }))
        expect((await visitor.say(lumin, recap.conversationId, 'Busy at work, but I went running twice and slept well.')).done).toMatchObject({
          status: 'continue',
          message: { content: expect.stringMatching(/1 to 10/) },
        })

        const { categories } = await json<{ categories: { id: number; name: string }[] }>(await visitor.request(lumin, '/api/goals/categories'))
        const { conversationId } = await json<{ conversationId: string }>(
          await visitor.post(lumin, '/api/goals/chats', { categoryId: categories.find((c) => c.name === 'Mind & Learning')!.id }),
        )
        for (const answer of ["I'd love to read more books", 'twelve']) expect((await visitor.say(lumin, conversationId, answer)).done).toMatchObject({ status: 'continue' })
        expect((await visitor.say(lumin, conversationId, 'a year')).done).toMatchObject({ status: 'goal_created' })
        const { goal } = await json<{ goal: { id: string } }>(await visitor.request(lumin, `/api/goals/chats/${conversationId}`))
        const progress = await json<{ goal: { currentValue: number; progress: number }; earned: string[] }>(
          await visitor.request(lumin, `/api/goals/${goal.id}/progress`, { method: 'PUT', json: { currentValue: 3 } }),
        )
        expect(progress).toMatchObject({ goal: { currentValue: 3, progress: 25 }, earned: ['Bronze'] })
      }),
    )
    expect(lumin.output()).not.toMatch(/unhandled error|42P05|26000/)
  })
})

describe('DATABASE_PREPARED_STATEMENTS', () => {
  /** The names prepared on the connection the query runs on; the result is node-postgres's, as openDatabase's pool is. */
  async function names(db: Db) {
    const { rows } = (await db.execute(sql`select name from pg_prepared_statements order by name`)) as unknown as pg.QueryResult<{ name: string }>
    return rows.map((row) => row.name)
  }

  /** The statement names left on the one connection of a pool after the limiter's statement and one in a transaction. */
  async function namesLeft(preparedStatements: boolean) {
    const { db, close } = await openDatabase({ databaseUrl: database.url, poolSize: 1, preparedStatements })
    try {
      await hitRateLimit(db, 'pgbouncer-test', 10, 60_000)
      await db.transaction((tx) => tx.select({ id: dimensions.id }).from(dimensions).prepare('in_a_transaction').execute())
      return await names(db)
    } finally {
      await close()
    }
  }

  it('names each hot statement by default, so PostgreSQL plans it once per connection', async () => {
    expect(await namesLeft(true)).toEqual(['in_a_transaction', 'rate_limit_hit'])
  })

  it('false: sends every statement unnamed, a transaction’s too', async () => {
    expect(await namesLeft(false)).toEqual([])
  })
})
