import { beforeAll, describe, expect, it } from 'vitest'
import { GENERIC_MESSAGES } from '~/core/api-errors'
import { CONNECT_TIMEOUT_MS } from '~/server/database'
import { holdPracticeCompletion, NOTHING_WRITTEN } from './support/held-write'
import { errorOf, json, newAuthSecret, startLumin, Visitor, type Lumin } from './support/lumin'
import { startMailbox } from './support/mailbox'
import { firstRow, freshDatabase } from './support/postgres'
import { startTcpProxy } from './support/tcp-proxy'

/**
 * The database lost and back under a running server: Lumin reaches PostgreSQL through a proxy the test cuts, as a
 * network failure or a database fail-over would, while the shared PostgreSQL itself runs on untouched.
 */
const database = await freshDatabase('lost')
const proxy = await startTcpProxy(database.url)
const mailbox = await startMailbox()
let lumin: Lumin
let pid: number | undefined
beforeAll(async () => {
  lumin = await startLumin({ NODE_ENV: 'production', AUTH_SECRET: newAuthSecret(), SMTP_URL: mailbox.url, DATABASE_URL: proxy.url })
  pid = lumin.process.pid
})
const visitor = new Visitor('198.51.100.20')
/** A second member, whose practice completion is in flight when the connection is cut. */
const caught = new Visitor('198.51.100.22')

/** What the screens do while the database is away: read the journey, save progress, begin a practice, sign in. */
function whileDown(goalId: string) {
  return [
    visitor.request(lumin, '/api/journey'),
    visitor.request(lumin, `/api/goals/${goalId}/progress`, { method: 'PUT', json: { currentValue: 60 } }),
    visitor.post(lumin, '/api/practices', { exercise: 'next' }),
    new Visitor('198.51.100.21').post(lumin, '/api/auth/sign-in/email', { email: 'ada@example.com', password: 'quiet-morning-walks' }),
  ]
}

async function expectUnavailable(responses: Promise<Response>[]) {
  const answers = await Promise.all((await Promise.all(responses)).map(async (r) => ({ url: new URL(r.url).pathname, status: r.status, error: await errorOf(r) })))
  const unavailable = (url: string) => ({ url, status: 503, error: { code: 'UNAVAILABLE', message: url === '/api/health' ? 'The database is not reachable.' : GENERIC_MESSAGES.UNAVAILABLE } })
  expect(answers, lumin.output()).toEqual(answers.map(({ url }) => unavailable(url)))
}

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now()
  await work()
  return performance.now() - started
}

const health = (server: Lumin) => fetch(`${server.url}/api/health`)

describe('the database lost and back under the running server', () => {
  let goalId = ''
  let caughtPractice = ''

  it('acknowledges a member’s writes while the database is there', async () => {
    await mailbox.member(visitor, 'ada@example.com', lumin)
    expect((await visitor.request(lumin, '/api/journey/path', { method: 'PUT', json: { path: 'calm' } })).status).toBe(200)
    const { practice } = await json<{ practice: { id: string } }>(await visitor.post(lumin, '/api/practices', { exercise: 1 }))
    expect(await json(await visitor.post(lumin, `/api/practices/${practice.id}/complete`, {}))).toMatchObject({ pointsAwarded: 10 })

    const { categories } = await json<{ categories: { id: number; name: string }[] }>(await visitor.request(lumin, '/api/goals/categories'))
    const { conversationId } = await json<{ conversationId: string }>(await visitor.post(lumin, '/api/goals/chats', { categoryId: categories.find((c) => c.name === 'Mind & Learning')!.id }))
    for (const answer of ["I'd love to read more books", 'twelve', 'a year']) await visitor.say(lumin, conversationId, answer)
    const { goal } = await json<{ goal: { id: string } }>(await visitor.request(lumin, `/api/goals/chats/${conversationId}`))
    goalId = goal.id
    expect((await visitor.request(lumin, `/api/goals/${goalId}/progress`, { method: 'PUT', json: { currentValue: 3 } })).status).toBe(200)

    await mailbox.member(caught, 'bo@example.com', lumin)
    expect((await caught.request(lumin, '/api/journey/path', { method: 'PUT', json: { path: 'calm' } })).status).toBe(200)
    caughtPractice = (await json<{ practice: { id: string } }>(await caught.post(lumin, '/api/practices', { exercise: 1 }))).practice.id
  })

  it('answers 503 with a clear message at once when the database refuses connections, keeps running, and half-writes nothing', async () => {
    const hold = await holdPracticeCompletion(database, 'bo@example.com')
    try {
      const inFlight = caught.post(lumin, `/api/practices/${caughtPractice}/complete`, {})
      const { pid } = await hold.waiting()

      await proxy.cut()
      // Refused connections need no time-out: the answers come at once.
      const elapsed = await timed(() => expectUnavailable([inFlight, ...whileDown(goalId), health(lumin)]))
      expect(elapsed).toBeLessThan(CONNECT_TIMEOUT_MS)
      // Connections were cut under the pool, idle ones and one inside a transaction: reported, not fatal.
      expect(lumin.process.exitCode).toBeNull()
      expect(lumin.output()).toContain('database connection lost')

      await hold.release(pid)
      expect(await hold.rows()).toEqual(NOTHING_WRITTEN)
    } finally {
      await hold.close()
    }
  })

  it(`answers 503 within the ${CONNECT_TIMEOUT_MS / 1000} s connection timeout when the database stops answering at all`, async () => {
    await proxy.blackHole()
    const elapsed = await timed(() => expectUnavailable([...whileDown(goalId), health(lumin)]))
    expect(elapsed).toBeLessThan(CONNECT_TIMEOUT_MS + 3000)
    expect(lumin.process.exitCode).toBeNull()
  })

  it('serves again when the database is back, in the same process, with every acknowledged write kept', async () => {
    await proxy.restore()
    expect((await health(lumin)).status).toBe(200)
    expect(lumin.process.pid).toBe(pid)
    expect(lumin.process.exitCode).toBeNull()

    const journey = await json<{ path: string; points: number }>(await visitor.request(lumin, '/api/journey'))
    expect(journey).toMatchObject({ points: 10 })
    const { goals } = await json<{ goals: { id: string; currentValue: number }[] }>(await visitor.request(lumin, '/api/goals'))
    // The update refused while the database was away changed nothing.
    expect(goals).toEqual([expect.objectContaining({ id: goalId, currentValue: 3 })])

    const direct = await database.connect()
    try {
      const stored = await firstRow<Record<string, unknown>>(
        direct,
        `select p.selected_path as path, p.lumin_points as points,
                (select count(*)::int from practices where user_id = u.id and completed_at is not null) as completed,
                (select count(*)::int from user_progress where user_id = u.id) as progress,
                (select current_value from goals where user_id = u.id) as "goalValue",
                (select array_agg(tier) from achievements where user_id = u.id) as tiers
         from "user" u join profiles p on p.id = u.id where u.email = $1`,
        ['ada@example.com'],
      )
      expect(stored).toEqual({ path: 'calm', points: 10, completed: 1, progress: 1, goalValue: 3, tiers: ['Bronze'] })
    } finally {
      await direct.end()
    }

    // And it writes again.
    expect((await visitor.request(lumin, `/api/goals/${goalId}/progress`, { method: 'PUT', json: { currentValue: 6 } })).status).toBe(200)
  })
})
