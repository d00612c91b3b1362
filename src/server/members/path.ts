import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import type { PathName } from '~/core/paths'
import type { Db, Tx } from '../db/client'
import { levels, minigames, pathExercises, paths, profiles, userProgress } from '../db/schema'

/** The three exercises of level 1 of a path, in order, with their minigames; empty when the content is missing. */
export async function exercisesOfPath(db: Db | Tx, path: PathName) {
  return db
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
}

type PathExercise = Awaited<ReturnType<typeof exercisesOfPath>>[number]

/**
 * The practices of the path the member follows now, in order, by their minigames' keys; empty without a path. One
 * query, as a reflection reads it at each turn (docs/product.md#journal).
 */
export async function practicesOfMemberPath(db: Db | Tx, userId: string) {
  return db
    .select({ key: minigames.key, number: pathExercises.exerciseNumberInLevel, name: minigames.name, description: minigames.description })
    .from(profiles)
    .innerJoin(paths, eq(paths.key, profiles.selectedPath))
    .innerJoin(levels, and(eq(levels.pathId, paths.id), eq(levels.levelNumber, 1)))
    .innerJoin(pathExercises, eq(pathExercises.levelId, levels.id))
    .innerJoin(minigames, eq(minigames.id, pathExercises.minigameId))
    .where(eq(profiles.id, userId))
    .orderBy(asc(pathExercises.exerciseNumberInLevel))
}

/** The exercise numbers completed on the current path since it was chosen (docs/product.md#path-switching). */
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
