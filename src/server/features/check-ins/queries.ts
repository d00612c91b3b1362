import { and, desc, eq, sql } from 'drizzle-orm'
import type { checkInDetailsSchema, newCheckInSchema } from '~/core/check-in-request'
import { localDateOf } from '~/core/weekly'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { checkIns } from '../../db/schema'
import { ApiError } from '../../http'

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
}

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
  const [created] = await db
    .insert(checkIns)
    .values({ id, userId, ...details, checkedInAt: at, timeZone, localDate: localDateOf(at, timeZone) })
    .onConflictDoNothing({ target: checkIns.id })
    .returning(columns)
  if (created) return { checkIn: view(created), created: true }
  const [stored] = await db
    .select(columns)
    .from(checkIns)
    .where(and(eq(checkIns.id, id), eq(checkIns.userId, userId)))
  if (!stored) throw new ApiError('CONFLICT', 'That check-in id is already taken. Please check in again.')
  return { checkIn: view(stored), created: false }
}

/** Changes the mood and details of the member's own check-in; its moment and date stay. Anyone else's is a 404. */
export async function updateCheckIn(db: Db, userId: string, id: string, details: z.output<typeof checkInDetailsSchema>) {
  const [updated] = await db
    .update(checkIns)
    .set({ ...details, updatedAt: sql`now()` })
    .where(and(eq(checkIns.id, id), eq(checkIns.userId, userId)))
    .returning(columns)
  if (!updated) throw new ApiError('NOT_FOUND', 'We could not find that check-in.')
  return view(updated)
}

/** The member's check-ins of today in `timeZone` (the calendar date each was made on), newest first. */
export async function checkInsOfToday(db: Db, userId: string, timeZone: string, now = new Date()) {
  const date = localDateOf(now, timeZone)
  const rows = await db
    .select(columns)
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, date)))
    .orderBy(desc(checkIns.checkedInAt), desc(checkIns.createdAt))
    .limit(DAY_LIST_LIMIT)
  return { date, checkIns: rows.map(view) }
}
