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
        counted as (select * from weeks where kept is null)
        select week_start::text, 'week' as kind, null as key, 0 as n, kept from weeks
        union all
        select w.week_start::text, 'path', p.path, count(*)::int, null
        from counted w join practices p on p.user_id = ${userId} and p.completed_at >= w.since and p.completed_at < w.until
        group by w.week_start, p.path
        union all
        select w.week_start::text, 'task', t.related_dimension, count(*)::int, null
        from counted w join weekly_tasks t on t.user_id = ${userId} and t.done_at >= w.since and t.done_at < w.until and t.status = 'done'
        group by w.week_start, t.related_dimension
        union all
        select w.week_start::text, 'checkIn', tag.dimension, count(*)::int, null
        from counted w join check_ins c on c.user_id = ${userId} and c.checked_in_at >= w.since and c.checked_in_at < w.until
        cross join unnest(c.dimensions) as tag(dimension)
        group by w.week_start, tag.dimension
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
