import { and, asc, count, eq, gte, isNotNull, or, sql } from 'drizzle-orm'
import { ORB_WINDOW_DAYS, orbScores, type OrbInput } from '~/core/weekly'
import type { Db, Tx } from '../../db/client'
import { checkIns, conversationScripts, goalCategories, goals, practices, weeklyDimensionPriorities, weeklyRecaps, weeklyTasks } from '../../db/schema'
import { ApiError } from '../../http'
import type { Olo } from '../../olo/engine'
import type { FinisherEntry } from '../../olo/finish'
import { RECAP_SCRIPT_KEY } from '../../olo/scripts'

/**
 * The numbers behind the weekly home's orbs (docs/product.md#orbs): the last 28 days of practices, ticked tasks and
 * check-ins, and active goals.
 */
export async function orbsFor(db: Db, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - ORB_WINDOW_DAYS * 24 * 60 * 60 * 1000)
  const [practiceRows, taskRows, checkInRows, goalRows] = await Promise.all([
    db
      .select({ path: practices.path, done: count() })
      .from(practices)
      .where(and(eq(practices.userId, userId), isNotNull(practices.completedAt), gte(practices.completedAt, since)))
      .groupBy(practices.path),
    db
      .select({ dimension: weeklyTasks.relatedDimension, done: count() })
      .from(weeklyTasks)
      .where(and(eq(weeklyTasks.userId, userId), eq(weeklyTasks.status, 'done'), gte(weeklyTasks.doneAt, since)))
      .groupBy(weeklyTasks.relatedDimension),
    db
      .select({ dimension: sql<string>`dimension`, checkIns: count() })
      .from(sql`${checkIns}, unnest(${checkIns.dimensions}) as dimension`)
      .where(and(eq(checkIns.userId, userId), gte(checkIns.checkedInAt, since)))
      .groupBy(sql`dimension`),
    db
      .select({ category: goalCategories.name, progress: goals.progress })
      .from(goals)
      .innerJoin(goalCategories, eq(goalCategories.id, goals.categoryId))
      // A goal finished within the window still counts as active: completing it shouldn't dim its orb at once.
      .where(and(eq(goals.userId, userId), or(eq(goals.status, 'in-progress'), gte(goals.completedAt, sql`${since}`)))),
  ])
  const input: OrbInput = {
    pathPractices: Object.fromEntries(practiceRows.map((r) => [r.path, r.done])),
    tasksDone: Object.fromEntries(taskRows.map((r) => [r.dimension, r.done])),
    checkIns: Object.fromEntries(checkInRows.map((r) => [r.dimension, r.checkIns])),
    activeGoals: goalRows,
  }
  return orbScores(input)
}

/** This week's recap as the weekly home and the recap screen show it; null before the user starts one. */
export async function recapOfWeek(db: Db | Tx, userId: string, weekStart: string) {
  const [recap] = await db
    .select({
      id: weeklyRecaps.id,
      conversationId: weeklyRecaps.conversationId,
      weekStart: weeklyRecaps.weekStart,
      completedAt: weeklyRecaps.completedAt,
      summary: weeklyRecaps.summary,
      rating: weeklyRecaps.rating,
    })
    .from(weeklyRecaps)
    .where(and(eq(weeklyRecaps.userId, userId), eq(weeklyRecaps.weekStart, weekStart)))
  if (!recap) return null
  const [priority] = await db
    .select({ dimension: weeklyDimensionPriorities.dimension, reasoning: weeklyDimensionPriorities.reasoning })
    .from(weeklyDimensionPriorities)
    .where(and(eq(weeklyDimensionPriorities.recapId, recap.id), eq(weeklyDimensionPriorities.rank, 1)))
  const tasks = await db
    .select({ id: weeklyTasks.id, description: weeklyTasks.taskDescription, dimension: weeklyTasks.relatedDimension, status: weeklyTasks.status })
    .from(weeklyTasks)
    .where(and(eq(weeklyTasks.recapId, recap.id), eq(weeklyTasks.userId, userId)))
    .orderBy(asc(weeklyTasks.createdAt))
  return {
    ...recap,
    status: recap.completedAt ? ('done' as const) : ('open' as const),
    completedAt: recap.completedAt?.toISOString() ?? null,
    priority: priority ?? null,
    tasks,
  }
}

/**
 * One recap a week (docs/product.md#weekly-recap): entering it resumes this week's, or starts it with Olo's opening
 * message.
 */
export async function startOrResumeRecap(db: Db, olo: Olo, userId: string, weekStart: string) {
  return db.transaction(async (tx) => {
    // Two tabs opening the recap at once must not start two conversations for one week.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recap:${userId}`}))`)
    const existing = await recapOfWeek(tx, userId, weekStart)
    if (existing) return existing
    const [script] = await tx.select({ id: conversationScripts.id }).from(conversationScripts).where(eq(conversationScripts.key, RECAP_SCRIPT_KEY))
    const conversationId = await olo.open(tx, { userId, kind: 'recap', scriptId: script!.id })
    await tx.insert(weeklyRecaps).values({ userId, conversationId, weekStart })
    return (await recapOfWeek(tx, userId, weekStart))!
  })
}

/**
 * The recap chat on finished (docs/product.md#weekly-recap), in the engine's transaction: the recap, its rank-1
 * priority and one task per recommendation.
 */
export const recapFinisher: FinisherEntry<'recap'> = {
  failureMessage: 'Failed to save recap data. Please try again.',
  async save(tx, { userId, conversationId, result: recapResult }) {
    const [recap] = await tx
      .update(weeklyRecaps)
      .set({ completedAt: new Date(), summary: recapResult.weekly_summary, rating: recapResult.rating })
      .where(and(eq(weeklyRecaps.conversationId, conversationId), eq(weeklyRecaps.userId, userId)))
      .returning({ id: weeklyRecaps.id })
    if (!recap) throw new Error('A recap conversation has no recap row.')
    const dimension = recapResult.top_priority_dimension
    await tx.insert(weeklyDimensionPriorities).values({ recapId: recap.id, userId, dimension, rank: 1, reasoning: recapResult.priority_reasoning })
    // One millisecond apart, so the tasks keep Olo's order (rows of one transaction would share now()).
    const createdAt = Date.now()
    await tx.insert(weeklyTasks).values(
      recapResult.recommendations.map((taskDescription, i) => ({ recapId: recap.id, userId, taskDescription, relatedDimension: dimension, createdAt: new Date(createdAt + i) })),
    )
  },
}

/** Ticks one of the member's tasks off, or on again; 404 for anyone else's. */
export async function tickTask(db: Db, userId: string, taskId: string, done: boolean) {
  const [task] = await db
    .update(weeklyTasks)
    .set({ status: done ? 'done' : 'pending', doneAt: done ? new Date() : null })
    .where(and(eq(weeklyTasks.id, taskId), eq(weeklyTasks.userId, userId)))
    .returning({ id: weeklyTasks.id, status: weeklyTasks.status })
  if (!task) throw new ApiError('NOT_FOUND', 'We could not find that task.')
  return task
}
