import { describe, expect, it } from 'vitest'
import { INSIGHT_MIN_DAYS, rangeDates, weeksBetween, type StatsRange } from '~/core/stats'
import { addDays } from '~/core/local-time'
import { localDateOf } from '~/core/weekly'
import { LIMITS } from '~/core/limits'
import { goalCategories } from '~/server/db/schema'
import { hitRateLimit } from '~/server/rate-limit'
import { createGoal, createHistory, type HistoryDay } from '~test/support/factories'
import { createTestServer, signedInAs, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database

const stats = (client: TestClient, range: StatsRange, timeZone = 'Europe/Paris') => okBody(client.api.stats.$get({ query: { range, timeZone } }))

/** A signed-in member with `days` of history written in `timeZone`. */
async function member(days: readonly HistoryDay[] = [], timeZone = 'Europe/Paris') {
  const { client } = await server.signedInClient('stats')
  const user = await signedInAs(client.api.session.$get())
  if (days.length > 0) await createHistory(db, { userId: user!.id, timeZone, days })
  return client
}

/** The last `n` local days in `timeZone`, oldest first, today included. */
function lastDays(n: number, timeZone = 'Europe/Paris') {
  const today = localDateOf(new Date(), timeZone)
  return Array.from({ length: n }, (_, i) => addDays(today, i - (n - 1)))
}

describe('GET /api/stats', () => {
  it('answers a member with nothing with empty sections, a week for each week of the range, and no insights', async () => {
    const client = await member()
    for (const range of ['30d', '90d', 'year'] as const) {
      const body = await stats(client, range)
      const { from, to } = rangeDates(range, localDateOf(new Date(), 'Europe/Paris'))
      expect(body).toMatchObject({ range, from, to, showStreaks: true, streak: { current: 0, longest: 0 }, insights: [] })
      expect(body.mood).toEqual({ days: [], spread: { awful: 0, bad: 0, okay: 0, good: 0, great: 0 } })
      expect(body.practices.map((w) => w.weekStart)).toEqual(weeksBetween(from, to))
      expect(body.practices.every((w) => w.minutes === 0)).toBe(true)
    }
  })

  it('sums a year of daily check-ins and practices for each range, and counts the streak over all of it', async () => {
    const days = lastDays(400).map((date, i) => ({
      date,
      checkIns: [{ mood: i % 2 === 0 ? ('good' as const) : ('okay' as const), hour: 9, emotions: ['calm' as const], dimensions: ['mind' as const] }],
      practices: i % 3 === 0 ? [] : [{ path: 'calm' as const }],
    }))
    const client = await member(days)
    for (const [range, n] of [['30d', 30], ['90d', 90], ['year', 365]] as const) {
      const body = await stats(client, range)
      expect(body.mood.days).toHaveLength(n)
      expect(body.mood.days.every((d) => d.checkIns === 1 && (d.average === 3 || d.average === 4))).toBe(true)
      expect(body.mood.spread.good + body.mood.spread.okay).toBe(n)
      const practised = days.slice(-n).filter((d) => d.practices.length > 0).length
      expect(body.practices.reduce((sum, w) => sum + w.byPath.calm, 0)).toBe(practised)
      // The calm path's first exercise is the Breathing Bubble: one minute each.
      expect(body.practices.reduce((sum, w) => sum + w.minutes, 0)).toBe(practised)
      expect(body.streak).toEqual({ current: 400, longest: 400 })
      expect(body.insights.map((i) => i.kind)).toEqual(['practice-mood', 'trend', 'emotions'])
      expect(body.insights[0]!.sentence).toMatch(new RegExp(`^On days you practise, your mood averages (Okay|Good); on other days, .* — over ${n} days\\.$`))
    }
  })

  it('draws the dimensions week by week and each goal’s progress over time', async () => {
    const client = await member(lastDays(21).map((date) => ({ date, checkIns: [{ mood: 'good', dimensions: ['heart'] }], practices: [{ path: 'calm' }] })))
    const user = await signedInAs(client.api.session.$get())
    const [category] = await db.select({ id: goalCategories.id }).from(goalCategories).limit(1)
    const goal = await createGoal(db, { userId: user!.id, categoryId: category!.id, title: 'Walk every day', targetValue: 10, unit: 'km' })
    await okBody(client.api.goals[':id'].progress.$put({ param: { id: goal.id }, json: { currentValue: 5 } }))
    const body = await stats(client, '30d')
    const { from, to } = rangeDates('30d', localDateOf(new Date(), 'Europe/Paris'))
    expect(body.dimensions.map((w) => w.weekStart)).toEqual(weeksBetween(from, to))
    expect(body.dimensions.at(-1)!.scores.heart).toBeGreaterThan(0)
    expect(body.goals).toEqual([expect.objectContaining({ id: goal.id, title: 'Walk every day', unit: 'km', progress: 50 })])
    expect(body.goals[0]!.points.at(-1)).toMatchObject({ progress: 50, value: 5 })
  })

  it('counts days in the zone asked for', async () => {
    // 00:30 in Auckland is the previous afternoon in Los Angeles: the same check-ins fall on the day before there.
    const today = localDateOf(new Date(), 'Pacific/Auckland')
    const client = await member([{ date: addDays(today, -3), checkIns: [{ mood: 'great', hour: 0 }] }], 'Pacific/Auckland')
    expect((await stats(client, '30d', 'Pacific/Auckland')).mood.days.map((d) => d.date)).toEqual([addDays(today, -3)])
    expect((await stats(client, '30d', 'America/Los_Angeles')).mood.days.map((d) => d.date)).toEqual([addDays(today, -4)])
  })

  it('says the practice insight with enough days on each side, and not with one fewer', async () => {
    const min = INSIGHT_MIN_DAYS.practiceMood
    const history = (practised: number) =>
      lastDays(2 * min).map((date, i) => ({ date, checkIns: [{ mood: 'good' as const, hour: 12 }], practices: i < practised ? [{ path: 'mind' as const, hour: 8 }] : [] }))
    const enough = await member(history(min))
    const fewer = await member(history(min - 1).map((d, i) => (i === 2 * min - 1 ? { ...d, checkIns: [] } : d)))
    expect((await stats(enough, '30d')).insights.map((i) => i.sentence)).toContain(`On days you practise, your mood averages Good; on other days, also Good — over ${2 * min} days.`)
    expect((await stats(fewer, '30d')).insights.map((i) => i.kind)).not.toContain('practice-mood')
  })

  it('shows nothing of another member’s history', async () => {
    await member(lastDays(20).map((date) => ({ date, checkIns: [{ mood: 'awful' }], practices: [{ path: 'energy' }] })))
    const other = await member()
    const body = await stats(other, 'year')
    expect(body.mood.days).toEqual([])
    expect(body.streak).toEqual({ current: 0, longest: 0 })
    expect(body.practices.every((w) => w.byPath.energy === 0)).toBe(true)
  })

  it('leaves the streak out while the member hides it', async () => {
    const client = await member(lastDays(3).map((date) => ({ date, checkIns: [{ mood: 'good' }] })))
    expect(await okBody(client.api.account.preferences.$put({ json: { showStreaks: false } }))).toEqual({ journalInRecap: false, showStreaks: false, helpCountry: null })
    expect(await stats(client, '30d')).toMatchObject({ showStreaks: false, streak: null })
    // The other preference is changed alone and leaves this one as it is.
    expect(await okBody(client.api.account.preferences.$put({ json: { journalInRecap: true } }))).toEqual({ journalInRecap: true, showStreaks: false, helpCountry: null })
  })

  it('answers 60 a minute per member, then 429 with Retry-After', async () => {
    const client = await member()
    const user = await signedInAs(client.api.session.$get())
    // The minute's allowance but one, spent at once.
    await hitRateLimit(db, `stats:${user!.id}`, LIMITS.statsPerMinute, 60_000, Date.now(), LIMITS.statsPerMinute - 1)
    expect((await client.api.stats.$get({ query: { range: '30d', timeZone: 'Europe/Paris' } })).status).toBe(200)
    const refused = await client.api.stats.$get({ query: { range: '30d', timeZone: 'Europe/Paris' } })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another member's minute is their own.
    expect((await (await member()).api.stats.$get({ query: { range: '30d', timeZone: 'Europe/Paris' } })).status).toBe(200)
  })

  it('refuses a range or a zone it does not know', async () => {
    const client = await member()
    expect((await errorBody(client.request('/api/stats?range=week&timeZone=Europe%2FParis'))).error.code).toBe('BAD_REQUEST')
    expect((await errorBody(client.request('/api/stats?range=30d&timeZone=Mars%2FOlympus'))).error.code).toBe('BAD_REQUEST')
    expect((await server.client().request('/api/stats?range=30d&timeZone=Europe%2FParis')).status).toBe(401)
  })
})
