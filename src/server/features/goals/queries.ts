import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { goalProgress, goalStatus, percentile, targetDateFrom, TIER_THRESHOLDS, TIERS, tiersReached, type Tier } from '~/core/goals'
import { SEND_FAILED_MESSAGE } from '~/core/olo'
import type { Db, Tx } from '../../db/client'
import { achievements, badges, conversationScripts, conversations, goalCategories, goalCategoryCounts, goalProgressUpdates, goals, goalTierCounts } from '../../db/schema'
import { wordList } from '../../db/word-list'
import { ApiError } from '../../http'
import type { Olo } from '../../olo/engine'
import type { FinisherEntry } from '../../olo/finish'
import { GOAL_SCRIPT_KEY } from '../../olo/scripts'
import { drawBadge } from './badge'

const goalColumns = {
  id: goals.id,
  title: goals.title,
  description: goals.description,
  targetValue: goals.targetValue,
  currentValue: goals.currentValue,
  progress: goals.progress,
  status: goals.status,
  completedAt: goals.completedAt,
  unit: goals.unit,
  targetDate: goals.targetDate,
  createdAt: goals.createdAt,
  conversationId: goals.conversationId,
  category: { id: goalCategories.id, name: goalCategories.name, iconName: goalCategories.iconName },
}

function toGoal<Row extends { completedAt: Date | null; createdAt: Date }>(row: Row) {
  return {
    ...row,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The user's goals with their category, newest first (docs/product.md#goals). */
export async function goalsOf(db: Db | Tx, userId: string) {
  const rows = await db
    .select(goalColumns)
    .from(goals)
    .innerJoin(goalCategories, eq(goalCategories.id, goals.categoryId))
    .where(eq(goals.userId, userId))
    .orderBy(desc(goals.createdAt), desc(goals.id))
  return rows.map(toGoal)
}

async function ownedGoal(db: Db | Tx, userId: string, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select(goalColumns)
    .from(goals)
    .innerJoin(goalCategories, eq(goalCategories.id, goals.categoryId))
    .where(and(where, eq(goals.userId, userId)))
  if (!row) throw new ApiError('NOT_FOUND', 'We could not find that goal.')
  return toGoal(row)
}

export const goalById = (db: Db | Tx, userId: string, goalId: string) => ownedGoal(db, userId, eq(goals.id, goalId))
export const goalFromChat = (db: Db | Tx, userId: string, conversationId: string) => ownedGoal(db, userId, eq(goals.conversationId, conversationId))

export async function categories(db: Db) {
  return db
    .select({ id: goalCategories.id, name: goalCategories.name, iconName: goalCategories.iconName, description: goalCategories.description })
    .from(goalCategories)
    .orderBy(asc(goalCategories.name))
}

/** A goal conversation about the chosen category, with Olo's opening message (docs/product.md#goal-chat). */
export async function startGoalChat(db: Db, olo: Olo, userId: string, categoryId: number) {
  return db.transaction(async (tx) => {
    const [category] = await tx.select({ id: goalCategories.id, name: goalCategories.name, iconName: goalCategories.iconName }).from(goalCategories).where(eq(goalCategories.id, categoryId))
    if (!category) throw new ApiError('NOT_FOUND', 'We could not find that goal category.')
    const [script] = await tx.select({ id: conversationScripts.id }).from(conversationScripts).where(eq(conversationScripts.key, GOAL_SCRIPT_KEY))
    if (!script) throw new ApiError('NOT_FOUND', 'No conversation script available for goal creation.')
    const conversationId = await olo.open(tx, { userId, kind: 'goal', scriptId: script.id, subject: String(category.id) })
    return { conversationId, category }
  })
}

/** docs/product.md#goal-chat on goal_created, in the engine's transaction: the goal, in the category the user chose. */
export const goalFinisher: FinisherEntry<'goal'> = {
  failureMessage: SEND_FAILED_MESSAGE,
  async save(tx, { userId, conversationId, result: goal }) {
    const [conversation] = await tx.select({ subject: conversations.subject }).from(conversations).where(eq(conversations.id, conversationId))
    const categoryId = Number(conversation?.subject)
    if (!Number.isInteger(categoryId)) throw new Error('A goal conversation has no category.')
    const created = new Date()
    await tx.insert(goals).values({
      userId,
      categoryId,
      conversationId,
      title: goal.title,
      description: goal.description,
      targetValue: goal.measurable_target,
      unit: goal.measurable_unit,
      targetDate: targetDateFrom(created, goal.suggested_timeframe_days),
      createdAt: created,
    })
  },
}

/**
 * A goal's progress (docs/product.md#goals), the update kept in its history, and the tiers it earns
 * (docs/product.md#badges), in one transaction: the goal row is locked, so concurrent updates of one goal run one after
 * the other; each tier reached is earned once (unique per goal and tier), with its percentile; lowering progress
 * removes nothing.
 */
export async function updateProgress(db: Db, userId: string, goalId: string, currentValue: number) {
  return db.transaction(async (tx) => {
    const [goal] = await tx
      .select({ targetValue: goals.targetValue, currentValue: goals.currentValue, unit: goals.unit, categoryId: goals.categoryId, completedAt: goals.completedAt })
      .from(goals)
      .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
      .for('update')
    if (!goal) throw new ApiError('NOT_FOUND', 'We could not find that goal.')
    if (currentValue > goal.targetValue) {
      throw new ApiError('BAD_REQUEST', `currentValue: Progress can't be more than the target (${goal.targetValue} ${goal.unit}).`)
    }
    const progress = goalProgress(currentValue, goal.targetValue)
    const status = goalStatus(progress)
    await tx
      .update(goals)
      .set({
        currentValue,
        progress,
        status,
        completedAt: status === 'completed' ? (goal.completedAt ?? new Date()) : null,
        ...(currentValue > goal.currentValue && { movedAt: new Date() }),
      })
      .where(eq(goals.id, goalId))
    // The goal's history, which Stats draws (docs/decisions/0039); every update, a lowered one too.
    await tx.insert(goalProgressUpdates).values({ userId, goalId, currentValue, progress })

    const earned: Tier[] = []
    for (const tier of tiersReached(progress)) {
      const [inserted] = await tx
        .insert(achievements)
        // Counted just below, once this earner is among the earners.
        .values({ userId, goalId, categoryId: goal.categoryId, tier, percentile: 100, cohort: 1 })
        .onConflictDoNothing({ target: [achievements.goalId, achievements.tier] })
        .returning({ id: achievements.id })
      if (!inserted) continue
      await tx.update(achievements).set(await percentileOf(tx, goal.categoryId, tier)).where(eq(achievements.id, inserted.id))
      earned.push(tier)
    }
    const updated = await goalById(tx, userId, goalId)
    // A badge the creation overlay skipped (a failed request) is drawn once its tier is earned, so no card lacks one.
    for (const tier of earned) await storeBadge(tx, userId, updated, tier)
    // What the goals screen shows as the moment of earning (decision 0019), the same as the achievements list gives.
    const earnedAchievements = earned.length > 0 ? (await achievementsOf(tx, userId, goalId)).filter((a) => earned.includes(a.tier)) : []
    return { goal: updated, earned, achievements: earnedAchievements }
  })
}

/**
 * The percentile (docs/product.md#badges): the share of users with a goal in the category who have earned this tier or
 * higher, and how many users that is among (the cohort), so it can be shown only when it means something
 * (decision 0019). Both are counts the database keeps as goals and achievements come and go (docs/decisions/0026),
 * read after this tier's insert so that the earner is among them: one row each, however many members there are.
 */
async function percentileOf(tx: Tx, categoryId: number, tier: Tier) {
  const [counts] = await tx
    .select({ cohort: goalCategoryCounts.members, earners: goalTierCounts.members })
    .from(goalCategoryCounts)
    .innerJoin(goalTierCounts, eq(goalTierCounts.categoryId, goalCategoryCounts.categoryId))
    .where(and(eq(goalCategoryCounts.categoryId, categoryId), eq(goalTierCounts.tier, tier)))
  const cohort = counts?.cohort ?? 1
  return { percentile: percentile(counts?.earners ?? 1, cohort), cohort }
}

/** The user's achievements (of one goal, or all) with their goal, newest earned first, and whether each has its badge drawn. */
export async function achievementsOf(db: Db | Tx, userId: string, goalId?: string) {
  const rows = await db
    .select({
      id: achievements.id,
      tier: achievements.tier,
      percentile: achievements.percentile,
      cohort: achievements.cohort,
      earnedAt: achievements.earnedAt,
      goal: { id: goals.id, title: goals.title, description: goals.description },
      badgeId: badges.id,
    })
    .from(achievements)
    .innerJoin(goals, eq(goals.id, achievements.goalId))
    .leftJoin(badges, and(eq(badges.goalId, achievements.goalId), eq(badges.tier, achievements.tier)))
    .where(and(eq(achievements.userId, userId), goalId ? eq(achievements.goalId, goalId) : undefined))
    .orderBy(desc(achievements.earnedAt), desc(sql`array_position(array[${wordList(TIERS)}], ${achievements.tier})`))
  return rows.map(({ badgeId, earnedAt, ...row }) => ({
    ...row,
    earnedAt: earnedAt.toISOString(),
    imageUrl: badgeId ? badgeUrl(row.goal.id, row.tier) : null,
  }))
}

function badgeUrl(goalId: string, tier: Tier) {
  return `/api/goals/${goalId}/badges/${tier}`
}

/** A badge image as docs/product.md#badges describes it: one SVG per goal and tier, kept once. */
async function storeBadge(db: Db | Tx, userId: string, goal: Awaited<ReturnType<typeof goalById>>, tier: Tier) {
  const svg = drawBadge({ tier, goalTitle: goal.title, categoryName: goal.category.name, iconName: goal.category.iconName })
  await db.insert(badges).values({ userId, goalId: goal.id, tier, svg }).onConflictDoNothing({ target: [badges.goalId, badges.tier] })
}

/**
 * A tier's badge for its goal's owner, as drawn when the tier was earned and kept for good; a tier not earned yet has
 * none (404). Its locked design has an address of its own (lockedBadgeImage), so a browser that showed the locked
 * design can never show it again in its place (docs/decisions/0057).
 */
export async function earnedBadgeImage(db: Db, userId: string, goalId: string, tier: Tier): Promise<string> {
  const [badge] = await db
    .select({ svg: badges.svg })
    .from(badges)
    .where(and(eq(badges.goalId, goalId), eq(badges.tier, tier), eq(badges.userId, userId)))
  if (!badge) throw new ApiError('NOT_FOUND', 'We could not find that badge.')
  return badge.svg
}

/** A tier's locked design for its goal's owner: drawn for the moment and kept nowhere (docs/decisions/0012). */
export async function lockedBadgeImage(db: Db, userId: string, goalId: string, tier: Tier): Promise<string> {
  const goal = await goalById(db, userId, goalId)
  const locked = { earnedAtPercent: TIER_THRESHOLDS[tier] }
  return drawBadge({ tier, goalTitle: goal.title, categoryName: goal.category.name, iconName: goal.category.iconName, locked })
}
