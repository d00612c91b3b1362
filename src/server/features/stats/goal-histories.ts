import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

interface Point {
  /** The member's local date, YYYY-MM-DD. */
  date: string
  progress: number
  value: number
}

type Range = { from: string; to: string; timeZone: string }

/**
 * Each active goal (in progress, or completed within the range) with its progress over time within [from, to], oldest
 * goal first (docs/decisions/0039). A goal starts at 0 when it is made, then stands at each progress update; its points
 * are where it stood when the range began (or 0 on the day it was made, within the range), then the last update of each
 * local day with one. The first point is kept even on a day with updates, so a goal made and moved on one day shows
 * that day's change (docs/decisions/0057).
 */
export async function goalHistories(db: Db, userId: string, range: Range) {
  return goalHistoriesQuery(db, userId, range)
}

/** The one statement behind goalHistories, its own function so its plan can be checked. */
export function goalHistoriesQuery(db: Db, userId: string, { from, to, timeZone }: Range) {
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`
  const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`
  return db
    .select({
      id: sql<string>`g.id`,
      title: sql<string>`g.title`,
      unit: sql<string>`g.unit`,
      targetValue: sql<number>`g.target_value`,
      currentValue: sql<number>`g.current_value`,
      progress: sql<number>`g.progress`,
      points: sql<Point[]>`coalesce((
        select json_agg(json_build_object('date', known.date, 'progress', known.progress, 'value', known.value) order by known.at)
        from (
          (
            select ${from}::text as date, before.progress, before.value, before.at
            from (
              select 0 as progress, 0::float8 as value, g.created_at as at
              union all
              (select u.progress, u.current_value, u.created_at from goal_progress_updates u
               where u.goal_id = g.id and u.user_id = ${userId} and u.created_at < ${start}
               order by u.created_at desc limit 1)
            ) as before
            where before.at < ${start}
            order by before.at desc limit 1
          )
          union all
          select (g.created_at at time zone ${timeZone})::date::text, 0, 0::float8, g.created_at
          where g.created_at >= ${start}
          union all
          (
            select distinct on (day.date) day.date, day.progress, day.value, day.at
            from (
              select (u.created_at at time zone ${timeZone})::date::text, u.progress, u.current_value, u.created_at
              from goal_progress_updates u
              where u.goal_id = g.id and u.user_id = ${userId} and u.created_at >= ${start} and u.created_at < ${end}
            ) as day(date, progress, value, at)
            order by day.date, day.at desc
          )
        ) as known(date, progress, value, at)
      ), '[]'::json)`,
    })
    .from(sql`goals g`)
    .where(sql`g.user_id = ${userId} and g.created_at < ${end} and (g.completed_at is null or g.completed_at >= ${start})`)
    .orderBy(sql`g.created_at, g.id`)
}
