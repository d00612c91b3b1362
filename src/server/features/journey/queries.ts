import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { Assessment } from '~/core/journey'
import type { Dimension } from '~/core/dimensions'
import { FIRST_QUEST, isPathComplete, isStepComplete, nextExerciseNumber, stepsDone, whyThisPath, type PathName } from '~/core/paths'
import { consciousnessLevel } from '~/core/points'
import type { Db, Tx } from '../../db/client'
import { levels, minigames, pathExercises, paths, profiles, userProgress } from '../../db/schema'
import { exercisesOfPath } from '../../members/path'
import { ensureProfile } from '../../members/profile'

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
      assessmentScore2: profiles.assessmentScore2,
      assessmentScore3: profiles.assessmentScore3,
      selectedFocus: profiles.selectedFocus,
      topDimension: sql<Dimension | null>`${profiles.rankedDimensions}[1]`,
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
    const { selectedPath = null, points = 0, questProgress = 0, selectedFocus = null, topDimension = null, pathTitle = null, pathDescription = null } = rows[0] ?? {}
    // Why the path offered is this one: the onboarding's focus, or for Purpose and Growth the dimension ranked first.
    const because = selectedPath ? whyThisPath(selectedPath, selectedFocus, topDimension) : null
    const base = { points, level: consciousnessLevel(points), assessment: assessmentOf(rows[0]), because }
    if (!selectedPath) return { ...base, path: null, firstQuest: null }

    const exercises = rows.flatMap(({ number, name, description, gameType, done }) =>
      number === null || name === null || description === null || gameType === null ? [] : [{ number, name, description, gameType, done }],
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

/**
 * The assessment's three answers, shown back on the dashboard's path card (docs/product.md#assessment); null until it is
 * saved, when all three are written at once.
 */
function assessmentOf(row: { assessmentScore1: number | null; assessmentScore2: number | null; assessmentScore3: number | null } | undefined): Assessment | null {
  if (!row || row.assessmentScore1 === null || row.assessmentScore2 === null || row.assessmentScore3 === null) return null
  return { focused: row.assessmentScore1, energised: row.assessmentScore2, calm: row.assessmentScore3 }
}

/** Every path with its exercises, for choosing one, and the path the member is on (only its name: nothing more is needed). */
export async function pathCatalogue(db: Db, userId: string) {
  const rows = await db.select({ key: paths.key, title: paths.title, description: paths.description }).from(paths).orderBy(asc(paths.id))
  const catalogue = await Promise.all(
    rows.map(async (path) => ({
      ...path,
      exercises: (await exercisesOfPath(db, path.key)).map(({ number, name, gameType }) => ({ number, name, gameType })),
    })),
  )
  const [profile] = await db.select({ selectedPath: profiles.selectedPath }).from(profiles).where(eq(profiles.id, userId))
  const current = profile?.selectedPath ?? null
  return { paths: catalogue, current }
}

/**
 * docs/product.md#path-switching: a new path starts from exercise 1 and the quest from 0; points stay. Choosing the
 * path one is already on changes nothing, so a stray tap can't wipe progress.
 */
export async function choosePath(db: Db, userId: string, path: PathName) {
  await ensureProfile(db, userId)
  await db
    .update(profiles)
    .set({ selectedPath: path, pathStartedAt: sql`now()`, currentQuestProgress: 0, updatedAt: sql`now()` })
    .where(and(eq(profiles.id, userId), or(isNull(profiles.selectedPath), ne(profiles.selectedPath, path))))
}

export async function saveAssessment(db: Db, userId: string, { focused, energised, calm }: Assessment) {
  await ensureProfile(db, userId)
  await db
    .update(profiles)
    .set({ assessmentScore1: focused, assessmentScore2: energised, assessmentScore3: calm, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
}
