import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
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

/**
 * The dashboard's whole read in one round trip: the profile, its path, the path's level-1 exercises in order and whether
 * each was completed since the path was chosen. One row per exercise; one row with empty exercise columns without a path.
 */
export function journeyRows(db: Db | Tx) {
  return db
    .select({
      selectedPath: profiles.selectedPath,
      points: profiles.luminPoints,
      questProgress: profiles.currentQuestProgress,
      assessmentScore1: profiles.assessmentScore1,
      pathTitle: paths.title,
      pathDescription: paths.description,
      number: pathExercises.exerciseNumberInLevel,
      name: minigames.name,
      description: minigames.description,
      gameType: minigames.gameType,
      done: sql<boolean>`exists (select 1 from ${userProgress} where ${userProgress.userId} = ${profiles.id} and ${userProgress.pathExerciseId} = ${pathExercises.id} and ${userProgress.completedAt} >= ${profiles.pathStartedAt})`,
    })
    .from(profiles)
    .leftJoin(paths, eq(paths.key, profiles.selectedPath))
    .leftJoin(levels, and(eq(levels.pathId, paths.id), eq(levels.levelNumber, 1)))
    .leftJoin(pathExercises, eq(pathExercises.levelId, levels.id))
    .leftJoin(minigames, eq(minigames.id, pathExercises.minigameId))
    .where(eq(profiles.id, sql.placeholder('userId')))
    .orderBy(asc(pathExercises.exerciseNumberInLevel))
}

/**
 * Everything the dashboard and the first quest show: the path and its steps, points, level and the quest. Reads only;
 * the query is prepared once per database, so each pooled connection parses and plans it once.
 */
export function journeyReader(db: Db) {
  const journeyOf = journeyRows(db).prepare('journey_of')
  return async (userId: string) => {
    const rows = await journeyOf.execute({ userId })
    // A profile is made with the account; until it exists the journey is a newcomer's.
    const { selectedPath = null, points = 0, questProgress = 0, assessmentScore1 = null, pathTitle = null, pathDescription = null } = rows[0] ?? {}
    const base = { points, level: consciousnessLevel(points), assessmentDone: assessmentScore1 !== null }
    if (!selectedPath || !isPathName(selectedPath)) return { ...base, path: null, firstQuest: null }

    const exercises = rows.flatMap(({ number, name, description, gameType, done }) =>
      number === null || name === null || description === null || gameType === null ? [] : [{ number, name, description, gameType: gameType as GameType, done }],
    )
    const done = exercises.filter((e) => e.done).map((e) => e.number)
    const next = nextExerciseNumber(done)
    const quest = FIRST_QUEST.exerciseNumbers.map((number) => {
      const exercise = exercises.find((e) => e.number === number)
      return { number, name: exercise?.name ?? `Exercise ${number}`, gameType: exercise?.gameType ?? null, done: done.includes(number) }
    })
    return {
      ...base,
      path: {
        key: selectedPath,
        title: pathTitle ?? selectedPath,
        description: pathDescription ?? '',
        steps: exercises.map(({ number, name, description, gameType }) => ({ number, name, description, gameType, complete: isStepComplete(number, next) })),
        stepsDone: stepsDone(next),
        next,
        complete: isPathComplete(next),
      },
      firstQuest: { name: FIRST_QUEST.name, progress: questProgress, practices: quest, complete: quest.every((p) => p.done) },
    }
  }
}
