import { and, countDistinct, eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { percentile, percentileWording, TIERS, tierAndAbove, type Tier } from '~/core/goals'
import { achievements, goalCategories, goalCategoryCounts, goals, goalTierCounts, user } from '~/server/db/schema'
import { openTestDatabase } from '~test/support/database'
import { createBystander, createGoal } from '~test/support/factories'
import { updateProgress } from './queries'

// On PGlite by default; on PostgreSQL with DATABASE_URL, where the writes below really run at the same time.
const database = await openTestDatabase()
afterAll(() => database.close())
const { db } = database
const categories = (await db.select({ id: goalCategories.id }).from(goalCategories).orderBy(goalCategories.id)).map((c) => c.id)

/** The percentile as it was counted before the counts were kept (until 0007): every member and earner in the category. */
async function countedOverEveryRow(categoryId: number, tier: Tier) {
  const [withGoal] = await db.select({ users: countDistinct(goals.userId) }).from(goals).where(eq(goals.categoryId, categoryId))
  const [earners] = await db
    .select({ users: countDistinct(achievements.userId) })
    .from(achievements)
    .where(and(eq(achievements.categoryId, categoryId), inArray(achievements.tier, tierAndAbove(tier))))
  const cohort = withGoal?.users ?? 1
  return { percentile: percentile(earners?.users ?? 1, cohort), cohort }
}

type Counts = Record<number, { members: number } & Record<Tier, number>>

function noCounts(): Counts {
  return Object.fromEntries(categories.map((id) => [id, { members: 0, Bronze: 0, Silver: 0, Gold: 0, Diamond: 0 }]))
}

/** Every category's kept counts next to the same counts taken from the goals and achievements themselves. */
async function keptAndCounted() {
  const kept = noCounts()
  for (const row of await db.select().from(goalCategoryCounts)) kept[row.categoryId]!.members = row.members
  for (const row of await db.select().from(goalTierCounts)) kept[row.categoryId]![row.tier as Tier] = row.members
  const counted = noCounts()
  const members = await db.select({ categoryId: goals.categoryId, users: countDistinct(goals.userId) }).from(goals).groupBy(goals.categoryId)
  for (const row of members) counted[row.categoryId]!.members = row.users
  for (const tier of TIERS) {
    const earners = await db
      .select({ categoryId: achievements.categoryId, users: countDistinct(achievements.userId) })
      .from(achievements)
      .where(inArray(achievements.tier, tierAndAbove(tier)))
      .groupBy(achievements.categoryId)
    for (const row of earners) counted[row.categoryId]![tier] = row.users
  }
  return { kept, counted }
}

async function expectCountsOfTheRows() {
  const { kept, counted } = await keptAndCounted()
  expect(kept).toEqual(counted)
}

const newMember = async () => (await createBystander(db, 'counted')).id

type Goal = Awaited<ReturnType<typeof createGoal>>

/** A goal of 100 steps, so a value is its progress in percent. */
const newGoal = (userId: string, categoryId: number) => createGoal(db, { userId, categoryId })

/** Deleting the user row is what an account deletion does to goals and achievements: its cascades take them. */
const leave = (userId: string) => db.delete(user).where(eq(user.id, userId))

/** A small seeded generator, so a failure replays the same history. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('the percentile read from the kept counts', () => {
  // A few hundred writes and counts: on two busy cores, more than the default 20 s.
  it('gives every tier earned the percentile, cohort and wording a count over every row gives, through a varied history', async () => {
    const random = seeded(14)
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
    const [crowded, quiet, third] = categories as [number, number, number]
    const live: Goal[] = []
    // A category with more than 20 members, some with two goals in it; a quiet one; a third some share with the first.
    for (let i = 0; i < 30; i++) live.push(await newGoal(await newMember(), i < 24 ? crowded : quiet))
    for (const goal of live.slice(0, 5)) live.push(await newGoal(goal.userId, crowded))
    for (const goal of live.slice(20, 26)) live.push(await newGoal(goal.userId, third))

    const wordings = new Set<string>()
    const progress = async (goal: Goal, value: number) => {
      const saved = await updateProgress(db, goal.userId, goal.id, value)
      for (const earned of saved.achievements) {
        const then = await countedOverEveryRow(goal.categoryId, earned.tier)
        expect({ tier: earned.tier, percentile: earned.percentile, cohort: earned.cohort }).toEqual({ tier: earned.tier, ...then })
        const wording = percentileWording(earned.percentile, earned.cohort)
        expect(wording).toBe(percentileWording(then.percentile, then.cohort))
        wordings.add(wording.replace(/[\d.]+/g, 'n'))
      }
    }

    for (let step = 1; step <= 160; step++) {
      const roll = random()
      if (roll < 0.7) await progress(pick(live), pick([0, 10, 25, 30, 49, 50, 60, 74, 75, 90, 99, 100]))
      else if (roll < 0.85) live.push(await newGoal(pick(live).userId, pick([crowded, quiet, third])))
      else if (roll < 0.94) live.push(await newGoal(await newMember(), pick([crowded, quiet, third])))
      else {
        const { userId } = pick(live)
        await leave(userId)
        live.splice(0, live.length, ...live.filter((goal) => goal.userId !== userId))
      }
      if (step % 20 === 0) await expectCountsOfTheRows()
    }

    // Everyone left in the crowded category reaches Bronze, a newcomer last: every one of them has earned it then.
    live.push(await newGoal(await newMember(), crowded))
    const crowdedMembers = [...new Map(live.filter((goal) => goal.categoryId === crowded).map((goal) => [goal.userId, goal])).values()]
    for (const goal of crowdedMembers) await progress(goal, 30)
    await expectCountsOfTheRows()
    expect(crowdedMembers.length).toBeGreaterThanOrEqual(20)
    expect([...wordings].sort()).toEqual(['Earned by all n members with a goal in this category', 'One of the first to earn it', 'Top n%'])
  }, 90_000)

  it('counts each of many members earning at once exactly once, one after another', async () => {
    const category = categories[3]!
    const earners = await Promise.all(Array.from({ length: 25 }, async () => newGoal(await newMember(), category)))
    const saved = await Promise.all(earners.map((goal) => updateProgress(db, goal.userId, goal.id, 30)))
    // Each saw those who earned Bronze before it and no one else: 1 of 25, 2 of 25, ... 25 of 25.
    const counted = saved.map(({ achievements: [bronze] }) => {
      expect(bronze).toMatchObject({ tier: 'Bronze', cohort: 25 })
      return Math.round((bronze!.percentile * 25) / 100)
    })
    expect(counted.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    await expectCountsOfTheRows()
  })

  it('keeps the counts of the rows while members earn, join and leave at the same moment', async () => {
    const [first, second] = [categories[4]!, categories[5]!]
    const staying = await Promise.all(Array.from({ length: 20 }, async (_, i) => newGoal(await newMember(), i % 3 === 0 ? second : first)))
    // Some with a second goal in the same category, earning on both at once.
    const seconds = await Promise.all(staying.slice(0, 6).map((goal) => newGoal(goal.userId, goal.categoryId)))
    // Members with goals in both categories and tiers earned, who delete their accounts while the others earn.
    const leaving: string[] = []
    for (let i = 0; i < 6; i++) {
      const userId = await newMember()
      for (const category of [first, second]) {
        const goal = await newGoal(userId, category)
        await updateProgress(db, userId, goal.id, 50 + 10 * i)
      }
      leaving.push(userId)
    }
    await expectCountsOfTheRows()

    await Promise.all([
      ...staying.map((goal, i) => updateProgress(db, goal.userId, goal.id, [30, 60, 80, 100][i % 4]!)),
      ...seconds.map((goal) => updateProgress(db, goal.userId, goal.id, 100)),
      ...leaving.map((userId) => leave(userId)),
      ...Array.from({ length: 6 }, async (_, i) => newGoal(await newMember(), i % 2 ? first : second)),
    ])
    await expectCountsOfTheRows()
    const { kept } = await keptAndCounted()
    expect(kept[first]!.members + kept[second]!.members).toBe(26)
  })
})
