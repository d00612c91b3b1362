import { sql } from 'drizzle-orm'
import { ORB_WINDOW_DAYS, orbScores, weekStartOf, type OrbInput, type OrbScores } from '~/core/weekly'
import type { Db } from '../../db/client'

interface Counts {
  pathPractices: Record<string, number>
  tasksDone: Record<string, number>
  checkIns: Record<string, number>
  activeGoals: { category: string; progress: number }[]
}

type Range = { from: string; to: string; timeZone: string }

/**
 * One statement for every week of the range (docs/decisions/0039): a row per week with its kept snapshot, and for each
 * week without one the counts the orbs' formula takes, over the member's indexes. Its own function so its plan can be
 * checked.
 */
export function dimensionWeeksQuery(db: Db, userId: string, { from, to, timeZone }: Range, now: Date) {
  const current = weekStartOf(now, timeZone)
  // The current week's window is the weekly home's: the 28 × 24 hours before now.
  const liveSince = new Date(now.getTime() - ORB_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString()
  return db
    .select({
      weekStart: sql<string>`rows.week_start`,
      kind: sql<'week' | 'path' | 'task' | 'checkIn' | 'goal'>`rows.kind`,
      key: sql<string>`rows.key`,
      n: sql<number>`rows.n`,
      kept: sql<OrbScores | null>`rows.kept`,
    })
    .from(
      sql`(
        with weeks as (
          select w.week_start, s.scores as kept, w.week_start = ${current}::date as live,
            case when w.week_start = ${current}::date then ${liveSince}::timestamptz
              else ((w.week_start + 7 - ${ORB_WINDOW_DAYS}::int)::timestamp at time zone ${timeZone}) end as since,
            case when w.week_start = ${current}::date then ${now.toISOString()}::timestamptz
              else ((w.week_start + 7)::timestamp at time zone ${timeZone}) end as until
          from generate_series(date_trunc('week', ${from}::date::timestamp), date_trunc('week', ${to}::date::timestamp), interval '7 days') as g(monday)
          cross join lateral (select g.monday::date as week_start) w
          left join dimension_snapshots s on s.user_id = ${userId} and s.week_start = w.week_start and w.week_start <> ${current}::date
        ),
        counted as (select * from weeks where kept is null),
        -- Each of the member's rows is read once, over the span all counted windows cover together.
        events as (
          select 'path' as kind, p.path as key, p.completed_at as at from practices p
          where p.user_id = ${userId} and p.completed_at >= (select min(since) from counted) and p.completed_at < (select max(until) from counted)
          union all
          select 'task', t.related_dimension, t.done_at from weekly_tasks t
          where t.user_id = ${userId} and t.done_at >= (select min(since) from counted) and t.done_at < (select max(until) from counted) and t.status = 'done'
          union all
          select 'checkIn', tag.dimension, c.checked_in_at from check_ins c cross join unnest(c.dimensions) as tag(dimension)
          where c.user_id = ${userId} and c.checked_in_at >= (select min(since) from counted) and c.checked_in_at < (select max(until) from counted)
        ),
        -- A past week's window is whole local weeks (ORB_WINDOW_DAYS is four of them): its own and those before.
        by_week as (
          select date_trunc('week', at at time zone ${timeZone})::date as week, kind, key, count(*) as n from events group by 1, 2, 3
        )
        select week_start::text, 'week' as kind, null as key, 0 as n, kept from weeks
        union all
        select w.week_start::text, b.kind, b.key, sum(b.n)::int, null
        from counted w join by_week b on b.week between w.week_start + 7 - ${ORB_WINDOW_DAYS}::int and w.week_start
        where not w.live
        group by w.week_start, b.kind, b.key
        union all
        select w.week_start::text, e.kind, e.key, count(*)::int, null
        from counted w join events e on e.at >= w.since and e.at < w.until
        where w.live
        group by w.week_start, e.kind, e.key
        union all
        select w.week_start::text, 'goal', gc.name, max(case when w.live then g.progress else coalesce(u.progress, 0) end)::int, null
        from counted w
        join goals g on g.user_id = ${userId} and g.created_at < w.until and (g.completed_at is null or g.completed_at >= w.since)
        join goal_categories gc on gc.id = g.category_id
        left join lateral (
          select progress from goal_progress_updates u
          where u.goal_id = g.id and u.user_id = ${userId} and u.created_at < w.until
          order by u.created_at desc limit 1
        ) u on not w.live
        group by w.week_start, gc.name
      ) as rows`,
    )
    .orderBy(sql`rows.week_start`)
}

/**
 * The seven orb values of each week (Monday-start, member's zone) overlapping [from, to], oldest first
 * (docs/decisions/0039). The current week is computed live, as the weekly home shows it; a past week is its kept
 * snapshot when there is one (kept: true), else reconstructed in SQL with the orbs' formula over the 28 local days
 * ending with that week's Sunday, each goal at the progress of its last update before the week ended (0 before its
 * first).
 */
export async function dimensionWeeks(db: Db, userId: string, range: Range, now = new Date()) {
  const rows = await dimensionWeeksQuery(db, userId, range, now)

  const weeks = new Map<string, { kept: OrbScores | null; counts: Counts }>()
  for (const row of rows) {
    if (row.kind === 'week') weeks.set(row.weekStart, { kept: row.kept, counts: { pathPractices: {}, tasksDone: {}, checkIns: {}, activeGoals: [] } })
  }
  for (const row of rows) {
    const counts = weeks.get(row.weekStart)?.counts
    if (!counts || row.kind === 'week') continue
    if (row.kind === 'path') counts.pathPractices[row.key] = row.n
    else if (row.kind === 'task') counts.tasksDone[row.key] = row.n
    else if (row.kind === 'checkIn') counts.checkIns[row.key] = row.n
    else counts.activeGoals.push({ category: row.key, progress: row.n })
  }
  return [...weeks].map(([weekStart, { kept, counts }]) => {
    const input: OrbInput = counts
    return { weekStart, scores: kept ?? orbScores(input), kept: kept !== null }
  })
}
