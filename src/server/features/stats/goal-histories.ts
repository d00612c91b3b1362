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
 * are the last of each local day with one, led by where it stood when the range began (when it was made before).
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
        select json_agg(json_build_object('date', day.date, 'progress', day.progress, 'value', day.value) order by day.date)
        from (
          select distinct on (known.date) known.date, known.progress, known.value
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
            select (u.created_at at time zone ${timeZone})::date::text, u.progress, u.current_value, u.created_at
            from goal_progress_updates u
            where u.goal_id = g.id and u.user_id = ${userId} and u.created_at >= ${start} and u.created_at < ${end}
          ) as known(date, progress, value, at)
          order by known.date, known.at desc
        ) as day
      ), '[]'::json)`,
    })
    .from(sql`goals g`)
    .where(sql`g.user_id = ${userId} and g.created_at < ${end} and (g.completed_at is null or g.completed_at >= ${start})`)
    .orderBy(sql`g.created_at, g.id`)
}
