import { eq, sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { localDateOf, ORB_WINDOW_DAYS, weekStartOf, type GoalCategoryName, type OrbScores } from '~/core/weekly'
import { dimensionSnapshots, goalCategories, goalProgressUpdates, user } from '~/server/db/schema'
import { createBystander, createGoal, createHistory, type HistoryDay } from '~test/support/factories'
import { createTestServer } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'
import { dimensionWeeks, dimensionWeeksQuery } from './dimension-weeks'
import { goalHistories, goalHistoriesQuery } from './goal-histories'

const server = await createTestServer()
const { db } = server.database

/** A Tuesday: the current week starts on Monday 23 November in Paris, as in UTC. */
const NOW = new Date('2026-11-24T12:00:00Z')
const ZERO: OrbScores = { mind: 0, body: 0, heart: 0, connection: 0, purpose: 0, growth: 0, spirit: 0 }

const categoryId = async (name: GoalCategoryName) => (await db.select({ id: goalCategories.id }).from(goalCategories).where(eq(goalCategories.name, name)))[0]!.id

/** Every local date from `from` to `to`, inclusive. */
function datesBetween(from: string, to: string) {
  const dates: string[] = []
  for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); day.setUTCDate(day.getUTCDate() + 1)) dates.push(day.toISOString().slice(0, 10))
  return dates
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()

/**
 * A year in Paris: a Mind practice every Wednesday, a check-in about Connection every Monday, and a Money goal made
 * on 1 December 2025 that reached 40 % on 10 June and 80 % on 9 September.
 */
async function aYear() {
  const { id: userId } = await createBystander(db, 'year')
  const goal = await createGoal(db, { userId, categoryId: await categoryId('Money'), title: 'Save 100 euros', targetValue: 100, unit: 'euros', createdAt: new Date('2025-12-01T10:00:00Z') })
  const updates: Record<string, number> = { '2026-06-10': 40, '2026-09-09': 80 }
  const days: HistoryDay[] = datesBetween('2025-11-24', '2026-11-23').map((date) => ({
    date,
    practices: weekday(date) === 3 ? [{ path: 'mind' }] : [],
    checkIns: weekday(date) === 1 ? [{ mood: 'good', dimensions: ['connection'] }] : [],
    goalUpdates: updates[date] === undefined ? [] : [{ goalId: goal.id, currentValue: updates[date] }],
  }))
  await createHistory(db, { userId, timeZone: 'Europe/Paris', days })
  return { userId, goal }
}

const yearRange = { from: '2025-11-25', to: '2026-11-24', timeZone: 'Europe/Paris' }

describe('a goal’s history', () => {
  it('keeps every progress update, a lowered one too, and nothing for a refused one', async () => {
    const { client, email } = await server.signedInClient('history')
    const [me] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
    const goal = await createGoal(db, { userId: me!.id, categoryId: await categoryId('Health & Fitness'), targetValue: 100 })
    await okBody(client.api.goals[':id'].progress.$put({ param: { id: goal.id }, json: { currentValue: 30 } }))
    await okBody(client.api.goals[':id'].progress.$put({ param: { id: goal.id }, json: { currentValue: 10 } }))
    const refused = await client.api.goals[':id'].progress.$put({ param: { id: goal.id }, json: { currentValue: 500 } })
    expect((await errorBody(refused)).error.code).toBe('BAD_REQUEST')

    const kept = await db.select({ currentValue: goalProgressUpdates.currentValue, progress: goalProgressUpdates.progress }).from(goalProgressUpdates).where(eq(goalProgressUpdates.goalId, goal.id)).orderBy(goalProgressUpdates.createdAt)
    expect(kept).toEqual([
      { currentValue: 30, progress: 30 },
      { currentValue: 10, progress: 10 },
    ])
    const today = new Date().toISOString().slice(0, 10)
    const [history] = await goalHistories(db, me!.id, { from: today, to: today, timeZone: 'UTC' })
    // Made and moved today: where it started, then the day's last update, so the day's change shows.
    expect(history).toMatchObject({
      id: goal.id,
      currentValue: 10,
      progress: 10,
      points: [
        { date: today, progress: 0, value: 0 },
        { date: today, progress: 10, value: 10 },
      ],
    })
  })

  it('gives each local day its last update, led by where the goal stood when the range began, in the member’s zone', async () => {
    const { id: userId } = await createBystander(db, 'goals')
    const goal = await createGoal(db, { userId, categoryId: await categoryId('Money'), title: 'Save', targetValue: 100, unit: 'euros', createdAt: new Date('2026-11-01T10:00:00Z') })
    const done = await createGoal(db, { userId, categoryId: await categoryId('Creativity'), title: 'Paint', targetValue: 10, unit: 'paintings', createdAt: new Date('2026-10-01T10:00:00Z') })
    await createHistory(db, {
      userId,
      timeZone: 'UTC',
      days: [
        { date: '2026-10-10', goalUpdates: [{ goalId: done.id, currentValue: 10 }] },
        { date: '2026-11-03', goalUpdates: [{ goalId: goal.id, currentValue: 10, hour: 9 }, { goalId: goal.id, currentValue: 20, hour: 18 }] },
        // 23:00 in London is noon the next day in Auckland.
        { date: '2026-11-05', goalUpdates: [{ goalId: goal.id, currentValue: 30, hour: 23 }] },
      ],
    })

    const utc = await goalHistories(db, userId, { from: '2026-11-02', to: '2026-11-24', timeZone: 'UTC' })
    // The painting goal was completed before the range: it is not active there.
    expect(utc).toEqual([
      {
        id: goal.id,
        title: 'Save',
        unit: 'euros',
        targetValue: 100,
        currentValue: 30,
        progress: 30,
        points: [
          { date: '2026-11-02', progress: 0, value: 0 },
          { date: '2026-11-03', progress: 20, value: 20 },
          { date: '2026-11-05', progress: 30, value: 30 },
        ],
      },
    ])
    const auckland = await goalHistories(db, userId, { from: '2026-11-02', to: '2026-11-24', timeZone: 'Pacific/Auckland' })
    expect(auckland[0]!.points).toEqual([
      { date: '2026-11-02', progress: 0, value: 0 },
      { date: '2026-11-03', progress: 10, value: 10 },
      { date: '2026-11-04', progress: 20, value: 20 },
      { date: '2026-11-06', progress: 30, value: 30 },
    ])
    // Moved on the range's first day: where it stood as the day began, then that day's last update.
    const fromMoving = await goalHistories(db, userId, { from: '2026-11-03', to: '2026-11-24', timeZone: 'UTC' })
    expect(fromMoving[0]!.points).toEqual([
      { date: '2026-11-03', progress: 0, value: 0 },
      { date: '2026-11-03', progress: 20, value: 20 },
      { date: '2026-11-05', progress: 30, value: 30 },
    ])
    const later = await goalHistories(db, userId, { from: '2026-11-04', to: '2026-11-24', timeZone: 'UTC' })
    expect(later[0]!.points).toEqual([
      { date: '2026-11-04', progress: 20, value: 20 },
      { date: '2026-11-05', progress: 30, value: 30 },
    ])
    // Completed within the range: shown, from where it stood (made before the range, so at 0) to its completion.
    const october = await goalHistories(db, userId, { from: '2026-10-05', to: '2026-11-24', timeZone: 'UTC' })
    expect(october.map((g) => g.title)).toEqual(['Paint', 'Save'])
    expect(october[0]!.points).toEqual([
      { date: '2026-10-05', progress: 0, value: 0 },
      { date: '2026-10-10', progress: 100, value: 10 },
    ])
    // Made within the range: it starts at 0 on the day it was made.
    expect(october[1]!.points[0]).toEqual({ date: '2026-11-01', progress: 0, value: 0 })
  })
})

describe('the dimensions week by week', () => {
  it('gives a member with nothing a week of zeros for each week of the range, none of them kept', async () => {
    const { id: userId } = await createBystander(db, 'nothing')
    const weeks = await dimensionWeeks(db, userId, { from: '2026-10-26', to: '2026-11-24', timeZone: 'Europe/Paris' }, NOW)
    expect(weeks).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'].map((weekStart) => ({ weekStart, scores: ZERO, kept: false })))
  })

  it('reconstructs a year of weeks from the practices, check-ins and goal updates, and computes this week live', async () => {
    // A past week's window is summed from whole local weeks.
    expect(ORB_WINDOW_DAYS % 7).toBe(0)
    const { userId } = await aYear()
    const weeks = await dimensionWeeks(db, userId, yearRange, NOW)
    expect(weeks).toHaveLength(53)
    expect(weeks[0]!.weekStart).toBe('2025-11-24')
    expect(weeks.at(-1)!.weekStart).toBe('2026-11-23')
    expect(weeks.every((w) => !w.kept)).toBe(true)
    const of = (weekStart: string) => weeks.find((w) => w.weekStart === weekStart)!.scores
    // The first week's 28 days hold its own Monday and Wednesday only.
    expect(of('2025-11-24')).toEqual({ ...ZERO, mind: 10, growth: 10, connection: 5 })
    // Four Wednesdays and four Mondays in each later window; the goal at 0 until June, then 40 %, then 80 %.
    expect(of('2026-03-02')).toEqual({ ...ZERO, mind: 40, growth: 40, connection: 20 })
    expect(of('2026-07-06')).toEqual({ ...ZERO, mind: 40, growth: 40, connection: 20, purpose: 20 })
    expect(of('2026-10-05')).toEqual({ ...ZERO, mind: 40, growth: 40, connection: 20, purpose: 40 })
    // This week: the weekly home's 28 × 24 hours before now, and the goal as it stands.
    expect(of('2026-11-23')).toEqual({ ...ZERO, mind: 40, growth: 40, connection: 20, purpose: 40 })
  })

  it('reads a past week’s kept snapshot, and never one for this week', async () => {
    const { userId } = await aYear()
    const keptMarch: OrbScores = { ...ZERO, mind: 55, heart: 12 }
    await db.insert(dimensionSnapshots).values([
      { userId, weekStart: '2026-03-02', scores: keptMarch },
      { userId, weekStart: '2026-11-23', scores: { ...ZERO, body: 99 } },
    ])
    const weeks = await dimensionWeeks(db, userId, yearRange, NOW)
    expect(weeks).toHaveLength(53)
    expect(weeks.filter((w) => w.kept)).toEqual([{ weekStart: '2026-03-02', scores: keptMarch, kept: true }])
    expect(weeks.find((w) => w.weekStart === '2026-02-23')).toEqual({ weekStart: '2026-02-23', scores: { ...ZERO, mind: 40, growth: 40, connection: 20 }, kept: false })
    expect(weeks.at(-1)).toEqual({ weekStart: '2026-11-23', scores: { ...ZERO, mind: 40, growth: 40, connection: 20, purpose: 40 }, kept: false })
  })

  it('draws the week boundary in the member’s zone', async () => {
    const { id: userId } = await createBystander(db, 'zones')
    // 23:00 on Sunday 8 November in London is already Monday in Paris.
    await createHistory(db, { userId, timeZone: 'UTC', days: [{ date: '2026-11-08', practices: [{ path: 'mind', hour: 23 }] }] })
    const range = { from: '2026-11-02', to: '2026-11-24' }
    const london = await dimensionWeeks(db, userId, { ...range, timeZone: 'UTC' }, NOW)
    const paris = await dimensionWeeks(db, userId, { ...range, timeZone: 'Europe/Paris' }, NOW)
    expect(london.map((w) => w.scores.mind)).toEqual([10, 10, 10, 10])
    expect(paris.map((w) => w.scores.mind)).toEqual([0, 10, 10, 10])
  })

  it('keeps the orbs the weekly home shows as its week’s snapshot, rewriting it only when they change', async () => {
    const { client, email } = await server.signedInClient('snapshots')
    const [me] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
    const home = await okBody(client.api.weekly.$get({ query: { timeZone: 'Pacific/Auckland' } }))
    const kept = () => db.select().from(dimensionSnapshots).where(eq(dimensionSnapshots.userId, me!.id))
    const [first] = await kept()
    expect(first).toMatchObject({ weekStart: weekStartOf(new Date(), 'Pacific/Auckland'), scores: home.orbs })
    await okBody(client.api.weekly.$get({ query: { timeZone: 'Pacific/Auckland' } }))
    expect(await kept()).toEqual([first])

    await createHistory(db, { userId: me!.id, timeZone: 'UTC', days: [{ date: new Date().toISOString().slice(0, 10), practices: [{ path: 'calm', hour: 0 }] }] })
    const after = await okBody(client.api.weekly.$get({ query: { timeZone: 'Pacific/Auckland' } }))
    expect(after.orbs).toMatchObject({ spirit: 10, heart: 10 })
    expect(await kept()).toEqual([expect.objectContaining({ weekStart: first!.weekStart, scores: after.orbs })])
    // Stats' current week is the home's orbs, computed the same way.
    const today = localDateOf(new Date(), 'Pacific/Auckland')
    const weeks = await dimensionWeeks(db, me!.id, { from: today, to: today, timeZone: 'Pacific/Auckland' })
    expect(weeks.at(-1)).toEqual({ weekStart: first!.weekStart, scores: after.orbs, kept: false })
  })
})

describe('one member’s history', () => {
  it('never shows another member’s practices, check-ins, snapshots or goals', async () => {
    const { userId: other } = await aYear()
    await db.insert(dimensionSnapshots).values({ userId: other, weekStart: '2026-11-16', scores: { ...ZERO, body: 80 } })
    const { id: me } = await createBystander(db, 'alone')
    const weeks = await dimensionWeeks(db, me, yearRange, NOW)
    expect(weeks.every((w) => !w.kept && Object.values(w.scores).every((v) => v === 0))).toBe(true)
    expect(await goalHistories(db, me, yearRange)).toEqual([])
    expect(await db.select().from(goalProgressUpdates).where(eq(goalProgressUpdates.userId, me))).toEqual([])
  })
})

/** Member-owned tables: a sequential scan of any of them reads every member's rows. */
const MEMBER_TABLES = ['practices', 'weekly_tasks', 'check_ins', 'goals', 'goal_progress_updates', 'dimension_snapshots']

/**
 * The plan of a statement with sequential scans priced out (docs/decisions/0039): on a test database's few rows the
 * planner rightly prefers to scan, so what is checked is that an index can serve every member-owned table at all, as
 * `npm run bench`'s EXPLAIN shows on a realistically sized one.
 */
async function planOf(statement: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result: unknown = await tx.execute(sql`explain (costs off) ${statement}`)
    const rows = (result as { rows: { 'QUERY PLAN': string }[] }).rows
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}

describe('the history’s statements', () => {
  it('read every member-owned table through an index', async () => {
    const { userId } = await aYear()
    for (const query of [dimensionWeeksQuery(db, userId, yearRange, NOW), goalHistoriesQuery(db, userId, yearRange)]) {
      const plan = await planOf(query.getSQL())
      const scanned = MEMBER_TABLES.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan))
      expect(scanned, plan).toEqual([])
      expect(plan).toMatch(/Index/)
    }
  })
})
