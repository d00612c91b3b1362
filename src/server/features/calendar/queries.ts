import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { dayMood, instantWindow } from '~/core/calendar'
import { MOODS, type Mood } from '~/core/moods'
import type { Db } from '../../db/client'
import { checkIns, journalEntries, levels, minigames, pathExercises, paths, practices, weeklyRecaps } from '../../db/schema'

type Range = { from: string; to: string }

/** One of the member's local days as the calendar colours and marks it. */
interface CalendarDay {
  date: string
  mood: Mood | null
  /** The average of the day's check-ins, 1 (awful) to 5 (great), to two places. */
  average: number | null
  checkIns: number
  practices: number
  journal: number
  recap: boolean
}

/** How much of an entry the day's list shows: its first line or so. */
const EXCERPT_CHARS = 140

/** A check-in's mood as its score, 1 (awful) to 5 (great), as moodScore in src/core/check-ins.ts counts it. */
const moodScoreSql = sql`array_position(array[${sql.join(
  MOODS.map((mood) => sql`${mood}`),
  sql`, `,
)}]::text[], ${checkIns.mood})`

/** The member's local date of an instant, in the zone the browser sent, as YYYY-MM-DD. */
const localDateIn = (column: typeof practices.completedAt | typeof weeklyRecaps.completedAt, timeZone: string) =>
  sql<string>`((${column} at time zone ${timeZone})::date)::text`

/**
 * The rows on the range's local days: each query narrows its scan of the member's index (user id, then the time the
 * row was made) to the range's instants in any zone, then keeps the rows whose local date is in the range
 * (docs/decisions/0042). Check-ins and journal entries carry the date they were made on, in the zone of that moment;
 * practices and recaps only a moment, dated in the zone sent.
 */
function onTheDays(range: Range, made: PgColumn, date: SQL) {
  const { after, before } = instantWindow(range)
  return [gte(made, after), lt(made, before), gte(date, range.from), lt(date, range.to)]
}

const checkInWhere = (userId: string, range: Range) => and(eq(checkIns.userId, userId), ...onTheDays(range, checkIns.checkedInAt, sql`${checkIns.localDate}`))

const journalWhere = (userId: string, range: Range) => and(eq(journalEntries.userId, userId), ...onTheDays(range, journalEntries.createdAt, sql`${journalEntries.localDate}`))

function checkInDays(db: Db, userId: string, range: Range) {
  return db
    .select({ date: sql<string>`${checkIns.localDate}::text`, average: sql<number>`avg(${moodScoreSql})::float8`, count: count() })
    .from(checkIns)
    .where(checkInWhere(userId, range))
    .groupBy(checkIns.localDate)
}

function journalDays(db: Db, userId: string, range: Range) {
  return db
    .select({ date: sql<string>`${journalEntries.localDate}::text`, count: count() })
    .from(journalEntries)
    .where(journalWhere(userId, range))
    .groupBy(journalEntries.localDate)
}

/**
 * Practices are dated by when they were completed. The index is on when they began, which is never later: its scan
 * stops at the range's end, and starts at the member's first practice.
 */
function practiceWhere(userId: string, range: Range, timeZone: string) {
  return and(eq(practices.userId, userId), lt(practices.startedAt, instantWindow(range).before), ...onTheDays(range, practices.completedAt, localDateIn(practices.completedAt, timeZone)))
}

function practiceDays(db: Db, userId: string, range: Range, timeZone: string) {
  return db
    .select({ date: localDateIn(practices.completedAt, timeZone), count: count() })
    .from(practices)
    .where(practiceWhere(userId, range, timeZone))
    .groupBy(sql`1`)
}

const recapWhere = (userId: string, range: Range, timeZone: string) =>
  and(eq(weeklyRecaps.userId, userId), ...onTheDays(range, weeklyRecaps.completedAt, localDateIn(weeklyRecaps.completedAt, timeZone)))

function recapDays(db: Db, userId: string, range: Range, timeZone: string) {
  return db
    .selectDistinct({ date: localDateIn(weeklyRecaps.completedAt, timeZone) })
    .from(weeklyRecaps)
    .where(recapWhere(userId, range, timeZone))
}

/**
 * Every read of the calendar, unrun: the days (each count grouped by day in PostgreSQL, so only the days travel) and
 * the items on them. A test plans each of them (calendar.test.ts).
 */
export function calendarReads(db: Db, userId: string, range: Range, timeZone: string) {
  return {
    checkInDays: checkInDays(db, userId, range),
    journalDays: journalDays(db, userId, range),
    practiceDays: practiceDays(db, userId, range, timeZone),
    recapDays: recapDays(db, userId, range, timeZone),
    checkIns: db
      .select({ id: checkIns.id, date: sql<string>`${checkIns.localDate}::text`, mood: checkIns.mood, emotions: checkIns.emotions, note: checkIns.note, at: checkIns.checkedInAt })
      .from(checkIns)
      .where(checkInWhere(userId, range))
      .orderBy(asc(checkIns.checkedInAt)),
    practices: db
      .select({ id: practices.id, date: localDateIn(practices.completedAt, timeZone), name: minigames.name, path: paths.key, pathTitle: paths.title, at: practices.completedAt })
      .from(practices)
      .innerJoin(pathExercises, eq(pathExercises.id, practices.pathExerciseId))
      .innerJoin(minigames, eq(minigames.id, pathExercises.minigameId))
      .innerJoin(levels, eq(levels.id, pathExercises.levelId))
      .innerJoin(paths, eq(paths.id, levels.pathId))
      .where(practiceWhere(userId, range, timeZone))
      .orderBy(asc(practices.completedAt)),
    journal: db
      .select({
        id: journalEntries.id,
        date: sql<string>`${journalEntries.localDate}::text`,
        title: journalEntries.title,
        excerpt: sql<string>`left(${journalEntries.body}, ${EXCERPT_CHARS})`,
        at: journalEntries.createdAt,
      })
      .from(journalEntries)
      .where(journalWhere(userId, range))
      .orderBy(asc(journalEntries.createdAt)),
    recaps: db
      .select({ id: weeklyRecaps.id, date: localDateIn(weeklyRecaps.completedAt, timeZone), at: weeklyRecaps.completedAt })
      .from(weeklyRecaps)
      .where(recapWhere(userId, range, timeZone))
      .orderBy(asc(weeklyRecaps.completedAt)),
  }
}

type Reads = ReturnType<typeof calendarReads>

/**
 * What happened on each of the member's local days in the range that had anything (docs/product.md#calendar): the
 * mood from the average of the day's check-ins, and how many check-ins, practices and journal entries it had, and
 * whether a weekly recap was finished on it.
 */
export async function calendarDays(reads: Pick<Reads, 'checkInDays' | 'journalDays' | 'practiceDays' | 'recapDays'>) {
  const [moods, written, practised, recapped] = await Promise.all([reads.checkInDays, reads.journalDays, reads.practiceDays, reads.recapDays])
  const days = new Map<string, CalendarDay>()
  const day = (date: string) => {
    let found = days.get(date)
    if (!found) {
      found = { date, mood: null, average: null, checkIns: 0, practices: 0, journal: 0, recap: false }
      days.set(date, found)
    }
    return found
  }
  for (const { date, average, count: checkInCount } of moods) Object.assign(day(date), { mood: dayMood(average), average: Math.round(average * 100) / 100, checkIns: checkInCount })
  for (const { date, count: entries } of written) day(date).journal = entries
  for (const { date, count: done } of practised) day(date).practices = done
  for (const { date } of recapped) day(date).recap = true
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * Everything on the range's days, for the day's list: each check-in, each practice completed (by its exercise's name
 * and its path), each journal entry (its title and first words) and each recap finished, earliest first.
 */
export async function calendarItems(reads: Pick<Reads, 'checkIns' | 'practices' | 'journal' | 'recaps'>) {
  const [checkInRows, practiceRows, entryRows, recapRows] = await Promise.all([reads.checkIns, reads.practices, reads.journal, reads.recaps])
  return {
    checkIns: checkInRows.map(({ at, ...row }) => ({ ...row, at: at.toISOString() })),
    // Every row here was completed (its completion is in the range); the types can't know that.
    practices: practiceRows.flatMap(({ at, ...row }) => (at ? [{ ...row, at: at.toISOString() }] : [])),
    journal: entryRows.map(({ at, ...row }) => ({ ...row, at: at.toISOString() })),
    recaps: recapRows.flatMap(({ at, ...row }) => (at ? [{ ...row, at: at.toISOString() }] : [])),
  }
}
