import { afterAll, describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { defaultReminderSettings } from '~/core/reminders'
import { installJobQueue } from '~/server/jobs/queue'
import { unsubscribeToken } from '~/server/reminders/unsubscribe'
import { openTestDatabase } from '~test/support/database'
import { createTestServer } from '~test/support/server'
import { okBody } from '~test/support/test-client'

/** Reminders' limits as a script meets them: many requests at once, from one member or one address. */
const database = await openTestDatabase()
afterAll(() => database.close())
/** The statements that delete queued jobs, as the app sends them, to read their plans. */
const deletions: { text: string; values: unknown[] }[] = []
const server = await createTestServer(
  {},
  {
    database: {
      ...database,
      execute: (text, values) => {
        if (/^\s*delete from pgboss\./i.test(text)) deletions.push({ text, values: values ?? [] })
        return database.execute(text, values)
      },
    },
  },
)

describe('the one-click unsubscribe (RFC 8058)', () => {
  it('never refuses a valid token, however many a mail provider posts from one address; only tokens Lumin did not make count', async () => {
    const { client } = await server.signedInClient('unsubscriber')
    const userId = (await okBody(client.api.session.$get())).user!.id
    const token = unsubscribeToken(server.config.authSecret, userId)
    // A mail provider's shared server: one address, many members' one-click posts.
    const post = (t: string) =>
      server.app.request(`/reminders/unsubscribe?token=${encodeURIComponent(t)}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-real-ip': '74.125.200.27' },
      })
    const valid = await Promise.all(Array.from({ length: LIMITS.unsubscribesPerClientPerHour + 10 }, () => post(token)))
    expect(valid.map((r) => r.status)).toEqual(valid.map(() => 200))

    // Someone trying tokens from there is slowed down after the limit…
    const forged = token.replace(/\..*$/, '.AAAA')
    const guesses = []
    for (let i = 0; i <= LIMITS.unsubscribesPerClientPerHour; i++) guesses.push((await post(forged)).status)
    expect(guesses).toEqual([...Array<number>(LIMITS.unsubscribesPerClientPerHour).fill(404), 429])
    // …and the real unsubscribes from the same address still go through, the page as well as the post.
    expect((await post(token)).status).toBe(200)
    const page = await server.app.request(`/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { headers: { 'x-real-ip': '74.125.200.27' } })
    expect(page.status).toBe(200)
  })
})

describe('push devices', () => {
  it(`stay at ${LIMITS.pushSubscriptionsPerMember} when 50 subscriptions are sent at once`, async () => {
    const { client } = await server.signedInClient('many-devices')
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.request('/api/reminders/push-subscriptions', { method: 'POST', json: { endpoint: `https://push.example.com/device-${i}`, keys } })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.pushSubscriptionsPerMember)
    expect(statuses.filter((s) => s === 400)).toHaveLength(50 - LIMITS.pushSubscriptionsPerMember)
    expect((await okBody(client.api.reminders.$get({ query: { timeZone: 'UTC' } }))).pushDevices).toBe(LIMITS.pushSubscriptionsPerMember)
  })
})

describe('PUT /api/reminders', () => {
  it(`takes ${LIMITS.reminderSavesPerMinute} saves a minute from a member, however many are sent at once`, async () => {
    const { client } = await server.signedInClient('saver')
    const settings = { ...defaultReminderSettings('Europe/Berlin'), checkIn: { on: true, time: '09:00' } }
    const answers = await Promise.all(Array.from({ length: LIMITS.reminderSavesPerMinute + 20 }, () => client.api.reminders.$put({ json: settings })))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.reminderSavesPerMinute)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    const refused = answers.find((r) => r.status === 429)!
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Someone else is not held up by it.
    const { client: other } = await server.signedInClient('other-saver')
    expect((await other.api.reminders.$put({ json: settings })).status).toBe(200)
  })

  it('finds the member’s queued sends by an index, not by reading everyone’s', async () => {
    // Many members' sends queued, as on a large instance: a read of the whole queue would show in the plan.
    await database.execute(
      `insert into pgboss.job (name, data, singleton_key, start_after) select 'reminder', jsonb_build_object('userId', 'member-' || g, 'kind', 'check-in'), 'member-' || g, now() + interval '1 day' from generate_series(1, 20000) g`,
    )
    await database.execute('analyze pgboss.job')
    const { client } = await server.signedInClient('indexed')
    deletions.length = 0
    await okBody(client.api.reminders.$put({ json: { ...defaultReminderSettings('Europe/Berlin'), checkIn: { on: true, time: '09:00' } } }))
    const ofTheQueue = deletions.filter((d) => /pgboss\.job\b/.test(d.text))
    expect(ofTheQueue).toHaveLength(1)
    const { rows } = await database.execute(`explain ${ofTheQueue[0]!.text}`, ofTheQueue[0]!.values)
    const plan = rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n')
    expect(plan).not.toMatch(/Seq Scan/)
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/)
  })

  it('finds sends queued before the index too: start-up gives them their member as their key, once', async () => {
    await database.execute('drop index pgboss.lumin_job_owner')
    await database.execute(`insert into pgboss.job (name, data, start_after) values ('reminder', '{"userId":"queued-before","kind":"recap"}', now() + interval '1 day')`)
    await installJobQueue(database.execute)
    const { rows } = await database.execute(`select singleton_key from pgboss.job where data ->> 'userId' = 'queued-before'`)
    expect(rows).toEqual([{ singleton_key: 'queued-before' }])
    expect((await database.execute(`select to_regclass('pgboss.lumin_job_owner') is not null as made`)).rows).toEqual([{ made: true }])
  })
})
