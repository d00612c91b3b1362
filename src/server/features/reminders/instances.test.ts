import { afterAll, describe, expect, it } from 'vitest'
import { timeOf, wallClockOf } from '~/core/local-time'
import { defaultReminderSettings, type ReminderSettings } from '~/core/reminders'
import { openTestDatabase } from '~test/support/database'
import { instanceOf, movableClock, remindersSettled } from '~test/support/reminder-clock'
import { createTestServer } from '~test/support/server'
import { okBody } from '~test/support/test-client'

/**
 * Several instances on one database, as the README's Deploying runs them: each has its own job queue's workers, and
 * the database is all they share (docs/decisions/0043).
 */
const MINUTE = 60_000
const ZONE = 'Europe/Berlin'
const database = await openTestDatabase()
afterAll(() => database.close())

/** Mail by mail, on whichever instance sent it: every reminder here goes by mail. */
function mailOnly(time: string): ReminderSettings {
  const settings = defaultReminderSettings(ZONE)
  settings.quietHours = { start: '00:00', end: '00:00' }
  settings.checkIn = { on: true, time }
  return settings
}

describe('two instances on one database', { timeout: 120_000 }, () => {
  it('send each of 50 due reminders exactly once, however the jobs are shared out, even queued twice', async () => {
    const clock = movableClock()
    const at = (minutes: number) => timeOf(wallClockOf(new Date(clock.now().getTime() + minutes * MINUTE), ZONE).minutes)
    const a = await createTestServer({}, { database: instanceOf(database), clock: clock.now })
    const b = await createTestServer({}, { database: instanceOf(database), clock: clock.now })

    const members: string[] = []
    for (let i = 0; i < 50; i++) {
      // Half choose their time on one instance, half on the other; due within the next half hour.
      const server = i % 2 === 0 ? a : b
      const { client, email } = await a.signedInClient(`many${i}-`)
      const visitor = server === a ? client : b.client()
      if (server === b) visitor.cookies.keep(new Response(null, { headers: { 'set-cookie': client.cookies.header()! } }))
      await okBody(visitor.api.reminders.$put({ json: mailOnly(at(5 + (i % 25))) }))
      members.push(email)
    }
    // The same sends queued again under other ids, as a bug or a race might: still one mail each.
    await database.execute(`insert into pgboss.job (name, data, start_after, keep_until) select name, data, start_after, keep_until from pgboss.job where name = 'reminder' and state = 'created'`)
    const queued = await database.execute(`select count(*)::int as n from pgboss.job where name = 'reminder' and state = 'created'`)
    expect(queued.rows).toEqual([{ n: 100 }])

    await clock.move(database, 40 * MINUTE)
    await remindersSettled(database, 60_000)
    // Whichever instance's worker took a job sent its mail.
    const mails = [...a.mails, ...b.mails].filter((m) => members.includes(m.to))
    expect(mails).toHaveLength(50)
    expect(new Set(mails.map((m) => m.to)).size).toBe(50)
    const { rows } = await database.execute(`select count(*)::int as n from reminder_sends`)
    expect(rows).toEqual([{ n: 50 }])
  })
})

describe('a restart', { timeout: 120_000 }, () => {
  it('sends the reminders that came due while every instance was down if under an hour late, and drops older ones', async () => {
    const clock = movableClock()
    const at = (minutes: number) => timeOf(wallClockOf(new Date(clock.now().getTime() + minutes * MINUTE), ZONE).minutes)
    const handle = instanceOf(database)
    const before = await createTestServer({}, { database: handle, clock: clock.now })
    const due = async (label: string, inMinutes: number) => {
      const { client, email } = await before.signedInClient(label)
      await okBody(client.api.reminders.$put({ json: mailOnly(at(inMinutes)) }))
      return email
    }
    // Down at 0 for 90 minutes: these come due about 80, 50 and 30 minutes before it is back.
    const stale = await due('stale', 10)
    const late = await due('late', 40)
    const recent = await due('recent', 60)
    await handle.stop()

    await clock.move(database, 90 * MINUTE)
    const after = await createTestServer({}, { database: instanceOf(database), clock: clock.now })
    await remindersSettled(database, 60_000)
    const sentTo = after.mails.map((m) => m.to)
    expect(sentTo).toContain(recent)
    expect(sentTo).toContain(late)
    expect(sentTo).not.toContain(stale)
    expect(before.mails).toEqual([])

    // Each has its next send queued for tomorrow, the stale one included.
    const { rows } = await database.execute(`select count(*)::int as n from pgboss.job where name = 'reminder' and state = 'created' and data ->> 'userId' in (select id from "user" where email = any($1))`, [[stale, late, recent]])
    expect(rows).toEqual([{ n: 3 }])
  })
})
