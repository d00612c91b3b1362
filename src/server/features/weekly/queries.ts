import { and, asc, count, eq, gte, isNotNull, or, sql } from 'drizzle-orm'
import { describeWeek, journalForModel, weekLivedOf } from '~/core/week-lived'
import { ORB_WINDOW_DAYS, orbScores, type OrbInput, type OrbScores } from '~/core/weekly'
import type { Db, Tx } from '../../db/client'
import {
  checkIns,
  conversationScripts,
  dimensionSnapshots,
  goalCategories,
  goals,
  journalEntries,
  practices,
  profiles,
  weeklyDimensionPriorities,
  weeklyRecaps,
  weeklyTasks,
} from '../../db/schema'
import { ApiError } from '../../http'
import type { Olo } from '../../olo/engine'
import type { SubjectReaders } from '../../olo/guide'
import { isCrisisMessage } from '../../olo/safety'
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

/**
 * Keeps the orbs the weekly home shows as its week's snapshot, which Stats' Dimensions reads (docs/decisions/0039): the
 * last orbs shown in a week are that week's. Unchanged orbs write nothing, so showing the home stays a read.
 */
export async function keepWeekOrbs(db: Db, userId: string, weekStart: string, scores: OrbScores) {
  await db
    .insert(dimensionSnapshots)
    .values({ userId, weekStart, scores })
    .onConflictDoUpdate({
      target: [dimensionSnapshots.userId, dimensionSnapshots.weekStart],
      set: { scores, takenAt: new Date() },
      setWhere: sql`${dimensionSnapshots.scores} is distinct from excluded.scores`,
    })
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
    const weekLived = await weekLivedFor(tx, userId)
    const told = describeWeek(weekLived)
    // The opening's {week_lived} is a sentence or two and a space before what follows, or nothing for a quiet week.
    const conversationId = await olo.open(tx, { userId, kind: 'recap', scriptId: script!.id, fill: { week_lived: told ? `${told} ` : '' } })
    await tx.insert(weeklyRecaps).values({ userId, conversationId, weekStart, weekLived })
    return (await recapOfWeek(tx, userId, weekStart))!
  })
}

/** How far back the recap looks: the seven days before it starts, whatever day of the week that is. */
const RECAP_LOOKS_BACK_MS = 7 * 24 * 60 * 60 * 1000

/**
 * What the member's last seven days held (docs/product.md#weekly-recap), read in the transaction that starts the recap:
 * their check-ins, practices done, tasks ticked off, goals moved forward and journal entries written.
 */
async function weekLivedFor(tx: Tx, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - RECAP_LOOKS_BACK_MS)
  // One query after another: a transaction is one connection.
  const moods = await tx
    .select({ mood: checkIns.mood, emotions: checkIns.emotions })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), gte(checkIns.checkedInAt, since)))
    .orderBy(asc(checkIns.checkedInAt))
  const practicesDone = await tx.$count(practices, and(eq(practices.userId, userId), gte(practices.completedAt, since)))
  const tasksDone = await tx.$count(weeklyTasks, and(eq(weeklyTasks.userId, userId), eq(weeklyTasks.status, 'done'), gte(weeklyTasks.doneAt, since)))
  const goalsMoved = await tx.$count(goals, and(eq(goals.userId, userId), gte(goals.movedAt, since)))
  const entries = await tx.$count(journalEntries, and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, since)))
  return weekLivedOf({ checkIns: moods, practices: practicesDone, tasksDone, goalsMoved, journalEntries: entries })
}

/**
 * What a recap's model reads of the member's week (docs/decisions/0036): the week as it was when the recap started,
 * and, only while the member lets Olo read their journal in the recap (Settings), that week's entries, cut to
 * RECAP_JOURNAL_CHARS. Read for each turn, so turning the setting off takes effect at the next message.
 */
export const readRecapSubject: NonNullable<SubjectReaders['recap']> = async (db, conversation) => {
  const [recap] = await db
    .select({ weekLived: weeklyRecaps.weekLived, startedAt: weeklyRecaps.startedAt, journalInRecap: profiles.journalInRecap })
    .from(weeklyRecaps)
    .leftJoin(profiles, eq(profiles.id, weeklyRecaps.userId))
    .where(and(eq(weeklyRecaps.conversationId, conversation.id), eq(weeklyRecaps.userId, conversation.userId)))
  if (!recap?.weekLived) return undefined
  if (!recap.journalInRecap) return { week: recap.weekLived, journal: null }
  const entries = await db
    .select({ localDate: journalEntries.localDate, title: journalEntries.title, body: journalEntries.body, crisis: journalEntries.crisis })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, conversation.userId), gte(journalEntries.createdAt, new Date(recap.startedAt.getTime() - RECAP_LOOKS_BACK_MS))))
    .orderBy(asc(journalEntries.createdAt))
  // What the safety check would answer with help is kept from a model, as a crisis message in a chat is.
  const readable = entries.filter((entry) => !entry.crisis && !isCrisisMessage(`${entry.title ?? ''}\n${entry.body}`))
  return { week: recap.weekLived, journal: readable.length > 0 ? journalForModel(readable) : null }
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
