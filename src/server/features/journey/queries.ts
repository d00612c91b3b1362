import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import { isPathName, type GameType } from '~/core/paths'
import {
  consciousnessLevel,
  FIRST_QUEST,
  isPathComplete,
  isStepComplete,
  nextExerciseNumber,
  stepsDone,
} from '~/core/journey'
import type { Db, Tx } from '../../db/client'
import { levels, minigames, pathExercises, paths, profiles, userProgress } from '../../db/schema'

/** The three exercises of level 1 of a path, in order, with their minigames; empty when the content is missing. */
export async function exercisesOfPath(db: Db | Tx, path: string) {
  const rows = await db
    .select({
      pathExerciseId: pathExercises.id,
      number: pathExercises.exerciseNumberInLevel,
      name: minigames.name,
      description: minigames.description,
      gameType: minigames.gameType,
      scriptId: minigames.defaultScriptId,
    })
    .from(paths)
    .innerJoin(levels, and(eq(levels.pathId, paths.id), eq(levels.levelNumber, 1)))
    .innerJoin(pathExercises, eq(pathExercises.levelId, levels.id))
    .innerJoin(minigames, eq(minigames.id, pathExercises.minigameId))
    .where(eq(paths.key, path))
    .orderBy(asc(pathExercises.exerciseNumberInLevel))
  return rows.map((row) => ({ ...row, gameType: row.gameType as GameType }))
}

export type PathExercise = Awaited<ReturnType<typeof exercisesOfPath>>[number]

/** The exercise numbers completed on the current path since it was chosen (DESIGN §7 'Path switching'). */
export async function completedNumbers(db: Db | Tx, userId: string, exercises: readonly PathExercise[], since: Date) {
  if (exercises.length === 0) return []
  const rows = await db
    .selectDistinct({ pathExerciseId: userProgress.pathExerciseId })
    .from(userProgress)
    .where(
      and(
        eq(userProgress.userId, userId),
        gte(userProgress.completedAt, since),
        inArray(
          userProgress.pathExerciseId,
          exercises.map((e) => e.pathExerciseId),
        ),
      ),
    )
  const done = new Set(rows.map((r) => r.pathExerciseId))
  return exercises.filter((e) => done.has(e.pathExerciseId)).map((e) => e.number)
}

export async function ensureProfile(db: Db | Tx, userId: string) {
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing()
}

/** Everything the dashboard and the first quest show: the path and its steps, points, level and the quest. */
export async function journeyOf(db: Db | Tx, userId: string) {
  await ensureProfile(db, userId)
  const [profile] = await db
    .select({
      selectedPath: profiles.selectedPath,
      pathStartedAt: profiles.pathStartedAt,
      points: profiles.luminPoints,
      questProgress: profiles.currentQuestProgress,
      assessmentScore1: profiles.assessmentScore1,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
  const { selectedPath, pathStartedAt, points, questProgress, assessmentScore1 } = profile!
  const base = { points, level: consciousnessLevel(points), assessmentDone: assessmentScore1 !== null }
  if (!selectedPath || !isPathName(selectedPath)) return { ...base, path: null, firstQuest: null }

  const [[info], exercises] = await Promise.all([
    db.select({ title: paths.title, description: paths.description }).from(paths).where(eq(paths.key, selectedPath)),
    exercisesOfPath(db, selectedPath),
  ])
  const done = await completedNumbers(db, userId, exercises, pathStartedAt)
  const next = nextExerciseNumber(done)
  const quest = FIRST_QUEST.exerciseNumbers.map((number) => {
    const exercise = exercises.find((e) => e.number === number)
    return { number, name: exercise?.name ?? `Exercise ${number}`, gameType: exercise?.gameType ?? null, done: done.includes(number) }
  })
  return {
    ...base,
    path: {
      key: selectedPath,
      title: info?.title ?? selectedPath,
      description: info?.description ?? '',
      steps: exercises.map(({ number, name, description, gameType }) => ({ number, name, description, gameType, complete: isStepComplete(number, next) })),
      stepsDone: stepsDone(next),
      next,
      complete: isPathComplete(next),
    },
    firstQuest: { name: FIRST_QUEST.name, progress: questProgress, practices: quest, complete: quest.every((p) => p.done) },
  }
}
