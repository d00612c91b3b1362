import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { checkInDetailsSchema, newCheckInSchema } from '~/core/check-in-request'
import { checkInWords, LOW_MOODS } from '~/core/check-ins'
import { addDays } from '~/core/local-time'
import { localDateOf } from '~/core/weekly'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { checkIns } from '../../db/schema'
import { ApiError } from '../../http'
import { countCrisisResponse } from '../../olo/crisis-count'
import { isCrisisMessage } from '../../olo/safety'

/** The most of one day's check-ins the card is sent; the write limit keeps a day's far below what anyone reads. */
const DAY_LIST_LIMIT = 50

const columns = {
  id: checkIns.id,
  mood: checkIns.mood,
  emotions: checkIns.emotions,
  dimensions: checkIns.dimensions,
  note: checkIns.note,
  at: checkIns.checkedInAt,
  localDate: checkIns.localDate,
  timeZone: checkIns.timeZone,
  crisis: checkIns.crisis,
}

/** Whether a check-in's emotion words and note sound like a crisis (docs/decisions/0055). */
const soundsLikeCrisis = (details: { emotions: readonly string[]; note: string | null }) => isCrisisMessage(checkInWords(details))

/** A check-in as the card shows it: the moment as an ISO string, the member's calendar date then. */
function view<Row extends { at: Date }>({ at, ...rest }: Row) {
  return { ...rest, at: at.toISOString() }
}

/**
 * Stores a check-in under the id its device chose (docs/product.md#check-in). A retry of one already stored, after an
 * answer lost on the way or from a queue sent twice, stores nothing and answers the stored check-in as it is now; two
 * at once store one row, the second waiting on the first's insert. An id another member holds is a conflict, and
 * says nothing of theirs.
 */
export async function createCheckIn(db: Db, userId: string, input: z.output<typeof newCheckInSchema>) {
  const { id, at, timeZone, ...details } = input
  const crisis = soundsLikeCrisis(details)
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkIns)
      .values({ id, userId, ...details, crisis, checkedInAt: at, timeZone, localDate: localDateOf(at, timeZone) })
      .onConflictDoNothing({ target: checkIns.id })
      .returning(columns)
    // Counted with the row it belongs to, once: a retry stores nothing and counts nothing.
    if (row?.crisis) await countCrisisResponse(tx)
    return row
  })
  if (created) return { checkIn: view(created), created: true }
  const [stored] = await db
    .select(columns)
    .from(checkIns)
    .where(and(eq(checkIns.id, id), eq(checkIns.userId, userId)))
  if (!stored) throw new ApiError('CONFLICT', 'That check-in id is already taken. Please check in again.')
  return { checkIn: view(stored), created: false }
}

/**
 * Changes the mood and details of the member's own check-in; its moment and date stay. Anyone else's is a 404. Words
 * that sound like a crisis for the first time count once in the day's anonymous count; the same words sent again don't.
 */
export async function updateCheckIn(db: Db, userId: string, id: string, details: z.output<typeof checkInDetailsSchema>) {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ crisis: checkIns.crisis, emotions: checkIns.emotions, note: checkIns.note })
      .from(checkIns)
      .where(and(eq(checkIns.id, id), eq(checkIns.userId, userId)))
      .for('update')
    if (!before) return undefined
    // The same words sent again keep what was heard in them, the second reader's too (heardAsCrisis).
    const crisis = soundsLikeCrisis(details) || (before.crisis && checkInWords(before) === checkInWords(details))
    const [row] = await tx
      .update(checkIns)
      .set({ ...details, crisis, updatedAt: sql`now()` })
      .where(and(eq(checkIns.id, id), eq(checkIns.userId, userId)))
      .returning(columns)
    if (crisis && !before.crisis) await countCrisisResponse(tx)
    return row
  })
  if (!updated) throw new ApiError('NOT_FOUND', 'We could not find that check-in.')
  return view(updated)
}

/**
 * Marks the member's check-in as sounding like a crisis when the second reader heard one in words the deterministic
 * check let through (docs/decisions/0051), and counts it, once: only a check-in not marked yet changes.
 */
export async function heardAsCrisis(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkIns)
      .set({ crisis: true })
      .where(and(eq(checkIns.id, id), eq(checkIns.userId, userId), eq(checkIns.crisis, false)))
      .returning(columns)
    if (row) await countCrisisResponse(tx)
    return row && view(row)
  })
}

/**
 * The member's check-ins of today in `timeZone` (the calendar date each was made on), newest first, and which of the two
 * days before it had a Bad or Awful check-in, for the kind word's rule (docs/decisions/0055).
 */
export async function checkInsOfToday(db: Db, userId: string, timeZone: string, now = new Date()) {
  const date = localDateOf(now, timeZone)
  const daysBefore = [addDays(date, -1), addDays(date, -2)]
  const [rows, lows] = await Promise.all([
    db
      .select(columns)
      .from(checkIns)
      .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, date)))
      .orderBy(desc(checkIns.checkedInAt), desc(checkIns.createdAt))
      .limit(DAY_LIST_LIMIT),
    db
      .selectDistinct({ localDate: checkIns.localDate })
      .from(checkIns)
      .where(and(eq(checkIns.userId, userId), inArray(checkIns.localDate, daysBefore), inArray(checkIns.mood, [...LOW_MOODS]))),
  ])
  return { date, checkIns: rows.map(view), lowDates: lows.map((low) => low.localDate).sort() }
}
