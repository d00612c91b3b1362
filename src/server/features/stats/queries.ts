import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { Emotion } from '~/core/check-ins'
import { MOODS, type Mood } from '~/core/moods'
import type { Dimension } from '~/core/dimensions'
import type { GameType, PathName } from '~/core/paths'
import {
  insights,
  practiceWeeks,
  rangeDates,
  streaks,
  TIME_OF_DAY_STARTS,
  type InsightInputs,
  type MoodSpread,
  type StatsRange,
  type TimeOfDay,
} from '~/core/stats'
import { localDateOf } from '~/core/weekly'
import type { Db } from '../../db/client'
import { checkIns, minigames, pathExercises, practices, profiles } from '../../db/schema'
import { dimensionWeeks } from './dimension-weeks'
import { goalHistories } from './goal-histories'

/** A mood as its score, 1 (awful) to 5 (great), in SQL: its place in MOODS. */
const moodScore = sql<number>`array_position(array[${sql.raw(MOODS.map((m) => `'${m}'`).join(', '))}]::text[], ${checkIns.mood})`

/** The local calendar day of a moment in the member's zone, in SQL (docs/decisions/0041: days are the member's). */
const localDay = (moment: typeof checkIns.checkedInAt | typeof practices.completedAt, timeZone: string) => sql<string>`((${moment} at time zone ${timeZone})::date)::text`

/** The part of the day of a check-in, in SQL, by core's TIME_OF_DAY_STARTS. */
function timeOfDaySql(timeZone: string) {
  const hour = sql`extract(hour from ${checkIns.checkedInAt} at time zone ${timeZone})`
  const starts = TIME_OF_DAY_STARTS
  return sql<TimeOfDay>`case when ${hour} >= ${starts.night} or ${hour} < ${starts.morning} then 'night' when ${hour} >= ${starts.evening} then 'evening' when ${hour} >= ${starts.afternoon} then 'afternoon' else 'morning' end`
}

/**
 * Everything /stats draws for one range (docs/product.md#stats), summed in SQL per local day or week over the owner
 * indexes: the mood line and spread, practices per week, the streak (null while the member hides it: then it isn't
 * counted at all), the weekly dimensions, the goals' histories and the insights.
 */
export async function statsFor(db: Db, userId: string, range: StatsRange, timeZone: string, now = new Date()) {
  const today = localDateOf(now, timeZone)
  const { from, to } = rangeDates(range, today)
  // The range as instants: from the start of its first local day to the end of its last.
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`
  const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`
  const inRange = and(eq(checkIns.userId, userId), gte(checkIns.checkedInAt, start), lt(checkIns.checkedInAt, end))
  const day = localDay(checkIns.checkedInAt, timeZone)
  const tagged = sql`unnest(${checkIns.dimensions})`

  const [profile, moodDays, spreadRows, practiceRows, activeDays, timeRows, tagDays, tagEmotions, dimensions, goals] = await Promise.all([
    db.select({ showStreaks: profiles.showStreaks }).from(profiles).where(eq(profiles.id, userId)),
    db
      .select({ date: day, average: sql<number>`avg(${moodScore})::float8`, checkIns: sql<number>`count(*)::int` })
      .from(checkIns)
      .where(inRange)
      // By position: the zone is a parameter each time it is written, so Postgres can't match the expressions.
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({ mood: checkIns.mood, count: sql<number>`count(*)::int` })
      .from(checkIns)
      .where(inRange)
      .groupBy(checkIns.mood),
    db
      .select({
        weekStart: sql<string>`(date_trunc('week', ${practices.completedAt} at time zone ${timeZone})::date)::text`,
        path: sql<PathName>`${practices.path}`,
        gameType: sql<GameType>`${minigames.gameType}`,
        done: sql<number>`count(*)::int`,
      })
      .from(practices)
      .innerJoin(pathExercises, eq(pathExercises.id, practices.pathExerciseId))
      .innerJoin(minigames, eq(minigames.id, pathExercises.minigameId))
      .where(and(eq(practices.userId, userId), gte(practices.completedAt, start), lt(practices.completedAt, end)))
      .groupBy(sql`1`, practices.path, minigames.gameType),
    // Every local day with a check-in or a practice, all time: the streak may have begun before the range.
    db
      .select({ date: sql<string>`active.day`, practised: sql<boolean>`bool_or(active.practised)` })
      .from(
        sql`(${db.select({ day: sql`${day}`.as('day'), practised: sql`false`.as('practised') }).from(checkIns).where(eq(checkIns.userId, userId))}
          union all
          ${db
            .select({ day: sql`${localDay(practices.completedAt, timeZone)}`.as('day'), practised: sql`true`.as('practised') })
            .from(practices)
            .where(and(eq(practices.userId, userId), isNotNull(practices.completedAt)))}) as active`,
      )
      .groupBy(sql`active.day`)
      .orderBy(sql`active.day`),
    db
      .select({ timeOfDay: timeOfDaySql(timeZone), average: sql<number>`avg(${moodScore})::float8`, days: sql<number>`count(distinct ${day})::int` })
      .from(checkIns)
      .where(inRange)
      .groupBy(sql`1`),
    db
      .select({ dimension: sql<Dimension>`tag`, days: sql<number>`count(distinct ${day})::int` })
      .from(sql`${checkIns}, ${tagged} as tag`)
      .where(inRange)
      .groupBy(sql`tag`),
    db
      .select({ dimension: sql<Dimension>`tag`, emotion: sql<Emotion>`emotion`, count: sql<number>`count(*)::int` })
      .from(sql`${checkIns}, ${tagged} as tag, unnest(${checkIns.emotions}) as emotion`)
      .where(inRange)
      .groupBy(sql`tag`, sql`emotion`),
    dimensionWeeks(db, userId, { from, to, timeZone }, now),
    goalHistories(db, userId, { from, to, timeZone }),
  ])

  const showStreaks = profile[0]?.showStreaks ?? true
  const practisedOn = new Set(activeDays.filter((d) => d.practised).map((d) => d.date))
  const inputs: InsightInputs = {
    days: moodDays.map((d) => ({ date: d.date, average: d.average, practised: practisedOn.has(d.date) })),
    timesOfDay: timeRows,
    tags: tagDays.map((tag) => ({ ...tag, emotions: tagEmotions.filter((row) => row.dimension === tag.dimension) })),
  }
  const countOf = (mood: Mood) => spreadRows.find((row) => row.mood === mood)?.count ?? 0
  const spread: MoodSpread = { awful: countOf('awful'), bad: countOf('bad'), okay: countOf('okay'), good: countOf('good'), great: countOf('great') }
  return {
    range,
    from,
    to,
    showStreaks,
    mood: { days: moodDays, spread },
    practices: practiceWeeks(practiceRows, from, to),
    streak: showStreaks ? streaks(activeDays.map((d) => d.date), today) : null,
    dimensions,
    goals,
    insights: insights(inputs, range, today),
  }
}
