import { and, count, eq, gte, isNotNull, or, sql } from 'drizzle-orm'
import { isDimension } from '~/core/dimensions'
import { isPathName, type PathName } from '~/core/paths'
import { ORB_WINDOW_DAYS, orbScores, type OrbInput } from '~/core/weekly'
import type { Db } from '../../db/client'
import { goalCategories, goals, practices, weeklyTasks } from '../../db/schema'

/** The numbers behind the weekly home's orbs (DESIGN §7): the last 28 days of practices, ticked tasks and active goals. */
export async function orbsFor(db: Db, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - ORB_WINDOW_DAYS * 24 * 60 * 60 * 1000)
  const [practiceRows, taskRows, goalRows] = await Promise.all([
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
      .select({ category: goalCategories.name, progress: goals.progress })
      .from(goals)
      .innerJoin(goalCategories, eq(goalCategories.id, goals.categoryId))
      // A goal finished within the window still counts as active: completing it shouldn't dim its orb at once.
      .where(and(eq(goals.userId, userId), or(eq(goals.status, 'in-progress'), gte(goals.completedAt, sql`${since}`)))),
  ])
  const input: OrbInput = {
    pathPractices: Object.fromEntries(practiceRows.filter((r) => isPathName(r.path)).map((r) => [r.path as PathName, r.done])),
    tasksDone: Object.fromEntries(taskRows.filter((r) => isDimension(r.dimension)).map((r) => [r.dimension, r.done])),
    activeGoals: goalRows,
  }
  return orbScores(input)
}
