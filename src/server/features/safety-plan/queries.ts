import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { SAFETY_PLAN_LIMITS } from '~/core/safety-plan'
import type { safetyPlanLineSchema } from '~/core/safety-plan-request'
import type { Db } from '../../db/client'
import { safetyPlanLines } from '../../db/schema'
import { ApiError } from '../../http'

const NOT_FOUND = 'We could not find that line of your plan.'

const lineColumns = {
  id: safetyPlanLines.id,
  step: safetyPlanLines.step,
  text: safetyPlanLines.text,
  phone: safetyPlanLines.phone,
  position: safetyPlanLines.position,
}

/** The member's plan: every line, in each step's order (the device's positions, then the order they were first saved). */
export async function planOf(db: Db, userId: string) {
  const lines = await db
    .select(lineColumns)
    .from(safetyPlanLines)
    .where(eq(safetyPlanLines.userId, userId))
    .orderBy(asc(safetyPlanLines.position), asc(safetyPlanLines.createdAt), asc(safetyPlanLines.id))
  return { lines }
}

/**
 * Keeps a line under the id the device chose (docs/decisions/0053): the first save stores it, a later one replaces what
 * it says, and the same save sent twice leaves it as once. A step holds at most `linesPerStep` lines, counted under a
 * lock of the member's plan so that saves sent together can't pass it. An id another member holds is a 404 that says
 * nothing of theirs.
 */
export async function keepLine(db: Db, userId: string, id: string, line: z.output<typeof safetyPlanLineSchema>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`safety-plan:${userId}`}))`)
    const [held] = await tx.select({ userId: safetyPlanLines.userId, step: safetyPlanLines.step }).from(safetyPlanLines).where(eq(safetyPlanLines.id, id))
    if (held && held.userId !== userId) throw new ApiError('NOT_FOUND', NOT_FOUND)
    if (held?.step !== line.step) {
      const [inStep] = await tx
        .select({ n: count() })
        .from(safetyPlanLines)
        .where(and(eq(safetyPlanLines.userId, userId), eq(safetyPlanLines.step, line.step), ne(safetyPlanLines.id, id)))
      if (inStep!.n >= SAFETY_PLAN_LIMITS.linesPerStep) throw new ApiError('BAD_REQUEST', `A step holds up to ${SAFETY_PLAN_LIMITS.linesPerStep} lines.`)
    }
    const [kept] = await tx
      .insert(safetyPlanLines)
      .values({ id, userId, ...line })
      .onConflictDoUpdate({ target: safetyPlanLines.id, set: { ...line, updatedAt: sql`now()` }, setWhere: eq(safetyPlanLines.userId, userId) })
      .returning(lineColumns)
    // Another member's line, stored between the look and the write: still theirs.
    if (!kept) throw new ApiError('NOT_FOUND', NOT_FOUND)
    return { line: kept, created: !held }
  })
}

/** Removes a line of the member's own plan; anyone else's, or one already removed, is a 404. */
export async function removeLine(db: Db, userId: string, id: string) {
  const [removed] = await db
    .delete(safetyPlanLines)
    .where(and(eq(safetyPlanLines.id, id), eq(safetyPlanLines.userId, userId)))
    .returning({ id: safetyPlanLines.id })
  if (!removed) throw new ApiError('NOT_FOUND', NOT_FOUND)
  return removed
}
