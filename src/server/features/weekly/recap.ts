import { and, asc, eq, sql } from 'drizzle-orm'
import type { RecapResult } from '~/core/olo'
import type { Db, Tx } from '../../db/client'
import { conversationScripts, weeklyDimensionPriorities, weeklyRecaps, weeklyTasks } from '../../db/schema'
import type { FinisherEntry, Olo } from '../../olo/engine'

export const RECAP_SCRIPT_KEY = 'weekly-recap'

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
    tasks: tasks.map((task) => ({ ...task, status: task.status === 'done' ? ('done' as const) : ('pending' as const) })),
  }
}

/** DESIGN §7 'One recap per week': entering the recap resumes this week's, or starts it with Olo's opening message. */
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

/** SPEC §4 'Recap chat' on finished, in the engine's transaction: the recap, its rank-1 priority and one task per recommendation. */
export const recapFinisher: FinisherEntry = {
  failureMessage: 'Failed to save recap data. Please try again.',
  async save(tx, { userId, conversationId, result }) {
    const recapResult = result as RecapResult
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
