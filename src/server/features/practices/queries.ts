import { randomUUID } from 'node:crypto'
import { and, eq, gte, sql } from 'drizzle-orm'
import { logProblem, type BegunOffline, type ExerciseId, type PracticeLog } from '~/core/journey'
import { exerciseDestination, nextExerciseNumber, questProgress, stepsDone, type PathName } from '~/core/paths'
import { consciousnessLevel, POINTS_PER_PRACTICE } from '~/core/points'
import { SEND_FAILED_MESSAGE } from '~/core/olo'
import type { Db, Tx } from '../../db/client'
import { conversationScripts, conversations, minigames, pathExercises, practices, profiles, userAttributes, userProgress } from '../../db/schema'
import { ApiError } from '../../http'
import type { Olo } from '../../olo/engine'
import type { FinisherEntry } from '../../olo/finish'
import { completedNumbers, exercisesOfPath } from '../../members/path'
import { ensureProfile } from '../../members/profile'

/** The latest value of what a practice logs, one row per user and key (docs/product.md#practices). */
async function setAttribute(tx: Tx, userId: string, key: string, value: string) {
  await tx
    .insert(userAttributes)
    .values({ userId, attributeKey: key, attributeValue: value })
    .onConflictDoUpdate({ target: [userAttributes.userId, userAttributes.attributeKey], set: { attributeValue: value, updatedAt: sql`now()` } })
}

/** Locks the user's profile row: completions and starts of one user run one at a time, so points can't double. */
async function lockedProfile(tx: Tx, userId: string) {
  await ensureProfile(tx, userId)
  const [profile] = await tx
    .select({ selectedPath: profiles.selectedPath, pathStartedAt: profiles.pathStartedAt, points: profiles.luminPoints })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update')
  return profile!
}

/** A practice as the threshold and the exercise screens show it; 404 for anyone but its owner. */
export async function practiceView(db: Db | Tx, userId: string, practiceId: string) {
  const [row] = await db
    .select({
      id: practices.id,
      path: practices.path,
      exerciseNumber: pathExercises.exerciseNumberInLevel,
      minigame: { name: minigames.name, description: minigames.description, gameType: minigames.gameType },
      scriptName: conversationScripts.scriptName,
      intention: practices.intention,
      conversationId: practices.conversationId,
      conversationStatus: conversations.status,
      completedAt: practices.completedAt,
      pointsAwarded: practices.pointsAwarded,
    })
    .from(practices)
    .innerJoin(pathExercises, eq(pathExercises.id, practices.pathExerciseId))
    .innerJoin(minigames, eq(minigames.id, pathExercises.minigameId))
    .innerJoin(conversationScripts, eq(conversationScripts.id, minigames.defaultScriptId))
    .leftJoin(conversations, eq(conversations.id, practices.conversationId))
    .where(and(eq(practices.id, practiceId), eq(practices.userId, userId)))
  if (!row) throw new ApiError('NOT_FOUND', 'We could not find that practice.')
  const { scriptName, conversationStatus, completedAt, minigame, ...rest } = row
  return {
    ...rest,
    title: minigame.name,
    minigame,
    // The script's prompts stay on the server (docs/product.md#olo); the exercise gets its name.
    script: { name: scriptName },
    conversationFinished: conversationStatus === 'finished',
    completedAt: completedAt?.toISOString() ?? null,
    destination: exerciseDestination(minigame.gameType),
  }
}

/** The exercise a practice begins on: `exercise` on `path`, where 'next' is the one after the highest completed. */
async function chosenExercise(tx: Tx, userId: string, path: PathName, pathStartedAt: Date, exercise: ExerciseId) {
  const exercises = await exercisesOfPath(tx, path)
  if (exercises.length === 0) throw new ApiError('NOT_FOUND', 'We could not find your path or its level 1.')
  const number = exercise === 'next' ? nextExerciseNumber(await completedNumbers(tx, userId, exercises, pathStartedAt)) : exercise
  const chosen = exercises.find((e) => e.number === number)
  if (!chosen) {
    throw new ApiError('NOT_FOUND', `No exercise found for number ${number}. You may have completed every exercise on this path.`)
  }
  return chosen
}

/**
 * Starts a practice at the threshold (docs/product.md#practices): resolves the exercise on the user's path, opens the
 * threshold chat with the exercise's script, and logs the practice as begun. Each failure carries its load error
 * (docs/product.md#threshold).
 */
export async function startPractice(db: Db, olo: Olo, userId: string, exercise: ExerciseId) {
  return db.transaction(async (tx) => {
    const profile = await lockedProfile(tx, userId)
    const path = profile.selectedPath
    if (!path) throw new ApiError('CONFLICT', 'We could not determine your selected path. Please choose a path first.')
    const chosen = await chosenExercise(tx, userId, path, profile.pathStartedAt, exercise)
    const id = randomUUID()
    const conversationId = await olo.open(tx, { userId, kind: 'threshold', scriptId: chosen.scriptId, subject: id })
    await tx.insert(practices).values({ id, userId, pathExerciseId: chosen.pathExerciseId, path, conversationId })
    return practiceView(tx, userId, id)
  })
}

/** The member's own practice of that id, or null when they have none (another member's is none of theirs). */
export async function ownPractice(db: Db | Tx, userId: string, practiceId: string) {
  const [own] = await db
    .select({ id: practices.id })
    .from(practices)
    .where(and(eq(practices.id, practiceId), eq(practices.userId, userId)))
  return own ? practiceView(db, userId, own.id) : null
}

/**
 * Logs a practice the device began without a connection, as it arrives (docs/decisions/0046): under the device's id,
 * on the path the device was on then, begun when the device says (never later than now), without a threshold chat.
 * Sent again, it stores nothing and answers the practice as it is; an id another member holds is a conflict that
 * says nothing of theirs.
 */
export async function startPracticeBegunOffline(db: Db, userId: string, exercise: ExerciseId, begun: BegunOffline) {
  return db.transaction(async (tx) => {
    const profile = await lockedProfile(tx, userId)
    // The member's starts wait on the lock above, so a resend sent at the same time finds the first one here.
    const kept = await ownPractice(tx, userId, begun.id)
    if (kept) return { practice: kept, created: false }
    const chosen = await chosenExercise(tx, userId, begun.path, profile.pathStartedAt, exercise)
    const [created] = await tx
      .insert(practices)
      .values({ id: begun.id, userId, pathExerciseId: chosen.pathExerciseId, path: begun.path, startedAt: sql`least(now(), ${begun.at}::timestamptz)` })
      .onConflictDoNothing({ target: practices.id })
      .returning({ id: practices.id })
    if (!created) throw new ApiError('CONFLICT', 'That practice id is already taken. Please begin the practice again.')
    return { practice: await practiceView(tx, userId, created.id), created: true }
  })
}

/**
 * Completes a practice once, in one transaction (docs/product.md#practices): its log entry, a progress row, 10 points
 * on the first completion of that exercise on the current path, the level, the quest's progress and the latest values
 * in user_attributes.
 * A second submit changes nothing and answers as the first did.
 */
export async function completePractice(db: Db, userId: string, practiceId: string, log: PracticeLog) {
  return db.transaction(async (tx) => {
    const profile = await lockedProfile(tx, userId)
    const practice = await practiceView(tx, userId, practiceId)
    if (practice.completedAt) {
      return { practice, pointsAwarded: practice.pointsAwarded, alreadyCompleted: true, earned: await earnedBy(tx, userId, practice) }
    }
    const problem = logProblem(practice.minigame.gameType, log)
    if (problem) throw new ApiError('BAD_REQUEST', problem)

    // The database's clock, like the path's start: completions are compared with it. A completion the device sent
    // later keeps the moment it was done, held between the practice's beginning and now: a device's clock that is
    // wrong moves it within those bounds and never costs the practice (docs/decisions/0046).
    const completedAt = log.at ? sql`least(now(), greatest(${log.at}::timestamptz, ${practices.startedAt}))` : sql`now()`
    const [row] = await tx
      .update(practices)
      .set({ completedAt, steps: log.steps, observation: log.observation, kindnessAct: log.kindnessAct })
      .where(eq(practices.id, practiceId))
      .returning({ pathExerciseId: practices.pathExerciseId, path: practices.path, startedAt: practices.startedAt, completedAt: practices.completedAt })
    const { pathExerciseId, path, startedAt } = row!
    const doneAt = row!.completedAt!

    // Only a practice begun on the path the user is on now, since they chose it, counts
    // (docs/product.md#path-switching).
    const onCurrentPath = path === profile.selectedPath && startedAt >= profile.pathStartedAt
    const [earlier] = onCurrentPath
      ? await tx
          .select({ id: userProgress.id })
          .from(userProgress)
          .where(and(eq(userProgress.userId, userId), eq(userProgress.pathExerciseId, pathExerciseId), gte(userProgress.completedAt, profile.pathStartedAt)))
          .limit(1)
      : []
    const pointsAwarded = onCurrentPath && !earlier ? POINTS_PER_PRACTICE : 0
    // The progress row moves the path; a practice that doesn't count for it stays in the practice log only.
    if (onCurrentPath) await tx.insert(userProgress).values({ userId, pathExerciseId, practiceId, completedAt: doneAt })
    if (pointsAwarded) await tx.update(practices).set({ pointsAwarded }).where(eq(practices.id, practiceId))

    const points = profile.points + pointsAwarded
    const update: Partial<typeof profiles.$inferInsert> = { luminPoints: points, consciousnessLevel: consciousnessLevel(points) }
    if (onCurrentPath) {
      const done = await completedNumbers(tx, userId, await exercisesOfPath(tx, path), profile.pathStartedAt)
      update.currentQuestProgress = questProgress(done)
    }
    await tx.update(profiles).set({ ...update, updatedAt: sql`now()` }).where(eq(profiles.id, userId))

    const gameType = practice.minigame.gameType
    if (gameType === 'breathing') await setAttribute(tx, userId, 'breathing_bubble_completed', doneAt.toISOString())
    if (log.steps !== undefined) await setAttribute(tx, userId, 'step_quest_count', String(log.steps))
    if (log.observation !== undefined) await setAttribute(tx, userId, 'sensory_safari_observation', log.observation)
    if (log.kindnessAct !== undefined) await setAttribute(tx, userId, 'kindness_quest_act', log.kindnessAct)

    const completed = await practiceView(tx, userId, practiceId)
    return { practice: completed, pointsAwarded, alreadyCompleted: false, earned: await earnedBy(tx, userId, completed) }
  })
}

/**
 * What a completed practice earned, for its completion screen and the dashboard's welcome back (issue 13): its points,
 * the step of the path it lit (none when it doesn't count for the path the user is on now) and the totals after it.
 * A second submit of the same practice reads the same news, so a retried save still shows what the first one earned.
 */
async function earnedBy(tx: Tx, userId: string, practice: { id: string; exerciseNumber: number; path: PathName; pointsAwarded: number }) {
  const [profile] = await tx
    .select({ selectedPath: profiles.selectedPath, pathStartedAt: profiles.pathStartedAt, points: profiles.luminPoints })
    .from(profiles)
    .where(eq(profiles.id, userId))
  const { selectedPath, pathStartedAt, points } = profile!
  const [counted] = await tx
    .select({ id: userProgress.id })
    .from(userProgress)
    .where(and(eq(userProgress.practiceId, practice.id), gte(userProgress.completedAt, pathStartedAt)))
    .limit(1)
  const onPath = Boolean(counted) && practice.path === selectedPath
  // Lit as the dashboard lights them: every step below the next exercise (docs/product.md#progress).
  const litSteps = onPath ? stepsDone(nextExerciseNumber(await completedNumbers(tx, userId, await exercisesOfPath(tx, practice.path), pathStartedAt))) : null
  return {
    points: practice.pointsAwarded,
    step: onPath ? practice.exerciseNumber : null,
    totals: { points, level: consciousnessLevel(points), stepsDone: litSteps },
  }
}

/**
 * The hand-over (docs/product.md#threshold): the finished chat's intention goes on its practice and into
 * user_attributes.
 */
export const thresholdFinisher: FinisherEntry<'threshold'> = {
  failureMessage: SEND_FAILED_MESSAGE,
  async save(tx, { userId, conversationId, result }) {
    const { intention } = result
    await tx.update(practices).set({ intention }).where(and(eq(practices.conversationId, conversationId), eq(practices.userId, userId)))
    await setAttribute(tx, userId, 'intention', intention)
  },
}
