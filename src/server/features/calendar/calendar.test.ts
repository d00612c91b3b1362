import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { datesOfMonth, monthRange, yearGrid, yearRange } from '~/core/calendar'
import { MOODS } from '~/core/moods'
import { PATHS } from '~/core/paths'
import { conversations, conversationScripts, weeklyRecaps } from '~/server/db/schema'
import { createHistory, type HistoryDay } from '~test/support/factories'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'
import { LIMITS } from '~/core/limits'
import { hitRateLimit } from '~/server/rate-limit'
import { calendarReads } from './queries'

const server = await createTestServer()
const { db } = server.database

async function member(label = 'calendar') {
  const { client } = await server.signedInClient(label)
  const session = await okBody(client.api.session.$get())
  if (!session.user) throw new Error('the member is not signed in')
  return { client, userId: session.user.id }
}

const month = (client: TestClient, query: { month: string; timeZone: string }) => client.api.calendar.$get({ query })
const year = (client: TestClient, query: { year: string; timeZone: string }) => client.api.calendar.year.$get({ query })

/** A year of days, each with one check-in whose mood walks through the five, a practice every other day, and a journal entry every seventh. */
function aYear(of: number): HistoryDay[] {
  return yearGrid(of)
    .flatMap((m) => m.dates)
    .map((date, i) => ({
      date,
      checkIns: [{ mood: MOODS[i % MOODS.length]!, hour: 9 }],
      practices: i % 2 === 0 ? [{ path: PATHS[i % PATHS.length]!, hour: 18 }] : [],
      journal: i % 7 === 0,
    }))
}

describe('a member with nothing yet', () => {
  it('gets a month and a year without a day in them', async () => {
    const { client } = await member('empty')
    expect(await okBody(month(client, { month: '2026-11', timeZone: 'Europe/Paris' }))).toEqual({
      month: '2026-11',
      days: [],
      items: { checkIns: [], practices: [], journal: [], recaps: [] },
    })
    expect(await okBody(year(client, { year: '2026', timeZone: 'Europe/Paris' }))).toEqual({ year: 2026, days: [] })
  })
})

describe('a member with a year', () => {
  it('sees every day of the year in pixels, coloured by its mood, and marked with what happened', async () => {
    const { client, userId } = await member('year')
    await createHistory(db, { userId, timeZone: 'Europe/Paris', days: aYear(2026) })
    const { days } = await okBody(year(client, { year: '2026', timeZone: 'Europe/Paris' }))
    expect(days).toHaveLength(365)
    expect(days[0]).toEqual({ date: '2026-01-01', mood: 'awful', average: 1, checkIns: 1, practices: 1, journal: 1, recap: false })
    expect(days[1]).toEqual({ date: '2026-01-02', mood: 'bad', average: 2, checkIns: 1, practices: 0, journal: 0, recap: false })
    expect(days.at(-1)?.date).toBe('2026-12-31')
    expect(days.filter((d) => d.practices > 0)).toHaveLength(183)
    expect(days.filter((d) => d.journal > 0)).toHaveLength(53)
    // Nothing from the year before or after.
    expect((await okBody(year(client, { year: '2025', timeZone: 'Europe/Paris' }))).days).toEqual([])
  })

  it('gets a month with everything on its days, across the change of clocks at the end of March', async () => {
    const { client, userId } = await member('month')
    await createHistory(db, { userId, timeZone: 'Europe/Paris', days: aYear(2026) })
    const march = await okBody(month(client, { month: '2026-03', timeZone: 'Europe/Paris' }))
    expect(march.days.map((d) => d.date)).toEqual(datesOfMonth('2026-03'))
    expect(march.items.checkIns).toHaveLength(31)
    expect(march.items.checkIns.map((c) => c.date)).toEqual(datesOfMonth('2026-03'))
    // Around 29 March, the day clocks go forward, each evening practice stays on its own day.
    expect(march.items.practices.map((p) => p.date)).toEqual(march.days.filter((d) => d.practices > 0).map((d) => d.date))
    expect(march.items.practices.map((p) => p.date)).toEqual(expect.arrayContaining(['2026-03-28', '2026-03-30']))
    expect(march.items.practices[0]).toMatchObject({ name: expect.any(String), pathTitle: expect.any(String), at: expect.any(String) })
    expect(march.items.journal.map((e) => e.date)).toEqual(march.days.filter((d) => d.journal > 0).map((d) => d.date))
    expect(march.items.journal[0]).toMatchObject({ title: null, excerpt: expect.stringContaining('What stayed with me') })
  })

  it('averages a day of several check-ins into the mood nearest it', async () => {
    const { client, userId } = await member('average')
    await createHistory(db, {
      userId,
      timeZone: 'UTC',
      days: [{ date: '2026-05-04', checkIns: [{ mood: 'great', hour: 8 }, { mood: 'good', hour: 12 }, { mood: 'bad', hour: 20 }] }],
    })
    const { days, items } = await okBody(month(client, { month: '2026-05', timeZone: 'UTC' }))
    expect(days).toEqual([{ date: '2026-05-04', mood: 'good', average: 3.67, checkIns: 3, practices: 0, journal: 0, recap: false }])
    expect(items.checkIns.map((c) => c.mood)).toEqual(['great', 'good', 'bad'])
  })

  it('marks the day a weekly recap was finished', async () => {
    const { client, userId } = await member('recap')
    const [script] = await db.select({ id: conversationScripts.id }).from(conversationScripts).limit(1)
    const [conversation] = await db.insert(conversations).values({ userId, kind: 'recap', scriptId: script!.id }).returning({ id: conversations.id })
    await db.insert(weeklyRecaps).values({ userId, conversationId: conversation!.id, weekStart: '2026-06-01', completedAt: new Date('2026-06-07T19:00:00Z') })
    const { days, items } = await okBody(month(client, { month: '2026-06', timeZone: 'Europe/Paris' }))
    expect(days).toEqual([{ date: '2026-06-07', mood: null, average: null, checkIns: 0, practices: 0, journal: 0, recap: true }])
    expect(items.recaps).toEqual([{ id: expect.any(String), date: '2026-06-07', at: '2026-06-07T19:00:00.000Z' }])
  })
})

describe('the member’s local days', () => {
  it('puts a check-in late on New Year’s Eve in Los Angeles on 31 December, though UTC is in January', async () => {
    const { client, userId } = await member('zones')
    await createHistory(db, { userId, timeZone: 'America/Los_Angeles', days: [{ date: '2026-12-31', checkIns: [{ mood: 'great', hour: 23 }], practices: [{ path: 'calm', hour: 23 }], journal: true }] })
    const december = await okBody(month(client, { month: '2026-12', timeZone: 'America/Los_Angeles' }))
    expect(december.days).toEqual([{ date: '2026-12-31', mood: 'great', average: 5, checkIns: 1, practices: 1, journal: 1, recap: false }])
    expect(december.items.checkIns[0]?.at).toBe('2027-01-01T07:00:00.000Z')
    expect((await okBody(month(client, { month: '2027-01', timeZone: 'America/Los_Angeles' }))).days).toEqual([])
    expect((await okBody(year(client, { year: '2027', timeZone: 'America/Los_Angeles' }))).days).toEqual([])
  })

  it('dates a practice, which has only a moment, in the zone the browser sends', async () => {
    const { client, userId } = await member('travel')
    await createHistory(db, { userId, timeZone: 'America/Los_Angeles', days: [{ date: '2026-12-31', practices: [{ path: 'calm', hour: 23 }] }] })
    // Seen from Tokyo, 23:00 in Los Angeles is the afternoon of 1 January.
    const tokyo = await okBody(month(client, { month: '2027-01', timeZone: 'Asia/Tokyo' }))
    expect(tokyo.days).toEqual([{ date: '2027-01-01', mood: null, average: null, checkIns: 0, practices: 1, journal: 0, recap: false }])
    expect(tokyo.items.practices.map((p) => p.date)).toEqual(['2027-01-01'])
  })
})

describe('what a request may ask', () => {
  it('answers 400 in the one error shape for a bad month, a bad year or an unknown zone', async () => {
    const { client } = await member('bad')
    const bad = [
      client.request('/api/calendar?month=2026-13&timeZone=UTC'),
      client.request('/api/calendar?month=2026-1&timeZone=UTC'),
      client.request('/api/calendar?month=november&timeZone=UTC'),
      client.request('/api/calendar?month=1900-01&timeZone=UTC'),
      client.request('/api/calendar?month=2026-11&timeZone=Mars%2FOlympus'),
      client.request('/api/calendar?month=2026-11'),
      client.request('/api/calendar?timeZone=UTC'),
      client.request('/api/calendar/year?year=99999&timeZone=UTC'),
      client.request('/api/calendar/year?year=0000&timeZone=UTC'),
      client.request('/api/calendar/year?year=2026.5&timeZone=UTC'),
      client.request('/api/calendar/year?year=2026&timeZone='),
      client.request(`/api/calendar/year?year=2026&timeZone=${'A'.repeat(100)}`),
    ]
    for (const response of await Promise.all(bad)) {
      expect(response.status, response.url).toBe(400)
      expect(await errorBody(response)).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } })
    }
    expect((await errorBody(month(client, { month: '2026-13', timeZone: 'UTC' }))).error.message).toBe('month: A month is written YYYY-MM, in a year between 2020 and 2100.')
    expect((await errorBody(month(client, { month: '2026-11', timeZone: 'Mars/Olympus' }))).error.message).toBe('timeZone: Unknown time zone.')
  })

  it('answers a stranger 401, and shows a member nothing of another’s days', async () => {
    const owner = await member('owner')
    await createHistory(db, { userId: owner.userId, timeZone: 'UTC', days: [{ date: '2026-02-02', checkIns: [{ mood: 'good' }], practices: [{ path: 'mind' }], journal: true }] })
    const other = await member('other')
    expect((await month(other.client, { month: '2026-02', timeZone: 'UTC' })).status).toBe(200)
    expect((await okBody(month(other.client, { month: '2026-02', timeZone: 'UTC' }))).days).toEqual([])
    expect((await okBody(year(other.client, { year: '2026', timeZone: 'UTC' }))).days).toEqual([])
    expect((await month(server.client(), { month: '2026-02', timeZone: 'UTC' })).status).toBe(401)
    expect((await year(server.client(), { year: '2026', timeZone: 'UTC' })).status).toBe(401)
  })

  it('answers 60 months and years a minute per member, then 429 with Retry-After', async () => {
    const { client, userId } = await member('busy')
    // The minute's allowance but one, spent at once.
    await hitRateLimit(db, `calendar:${userId}`, LIMITS.calendarPerMinute, 60_000, Date.now(), LIMITS.calendarPerMinute - 1)
    expect((await year(client, { year: '2026', timeZone: 'UTC' })).status).toBe(200)
    const refused = await month(client, { month: '2026-02', timeZone: 'UTC' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another member's minute is their own.
    expect((await month((await member('calm')).client, { month: '2026-02', timeZone: 'UTC' })).status).toBe(200)
  })
})

const planRows = z.object({ rows: z.array(z.object({ 'QUERY PLAN': z.string() })) })

/** The member-owned tables the calendar reads: none may be read whole. */
const MEMBER_TABLES = ['check_ins', 'practices', 'journal_entries', 'weekly_recaps']

describe('the plan of every read', () => {
  it('finds a member’s rows through an index on each member table, never by reading the table whole', async () => {
    const { userId } = await member('plans')
    await createHistory(db, { userId, timeZone: 'Europe/Paris', days: aYear(2026) })
    const reads = [
      ...Object.entries(calendarReads(db, userId, monthRange('2026-03'), 'Europe/Paris')),
      ...Object.entries(calendarReads(db, userId, yearRange(2026), 'Europe/Paris')).filter(([name]) => name.endsWith('Days')),
    ]
    for (const [name, read] of reads) {
      const query = read.toSQL()
      // The statement as the app sends it, its $n placeholders bound to the same values.
      const chunks = query.sql.split(/\$(\d+)/)
      const statement = sql.join(chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${query.params[Number(chunk) - 1]}`)))
      // The tables are small here; with sequential scans priced out, a plan that still reads a table whole has no index to use.
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const { rows } = planRows.parse(await tx.execute(sql`explain (costs off) ${statement}`))
        return rows.map((row) => row['QUERY PLAN'])
      })
      const scanned = plan.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? []).filter((table) => MEMBER_TABLES.includes(table))
      expect(scanned, `${name}:\n${plan.join('\n')}`).toEqual([])
      expect(plan.join('\n'), name).toMatch(/Index|Bitmap/)
    }
  })
})
