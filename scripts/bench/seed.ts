/**
 * Members with months of history for the API bench, written straight into PostgreSQL in a few set-based statements
 * (generate_series), so 10,000 members take seconds and 100,000 about a minute on an idle machine. Every member has the
 * same history, whatever their number. Every row is one the app itself could have written: a verified account with one
 * password hash, a profile on a path, practices with their threshold chats and progress, four weeks of recaps (this
 * week's still open), goals with their chats, achievements and badges, a journal of 100 entries for one member in ten,
 * one live session, two weeks of kept orbs and two progress updates of each goal, and for one member in a hundred a year of daily check-ins and practices (issue 16's Stats). The password's hash and the session cookie's signature come from the test factories
 * (docs/decisions/0029), the one copy of how Better Auth makes them.
 */
import type pg from 'pg'
import { sessionCookie } from '../../tests/support/factories'

interface Member {
  userId: string
  /** The Cookie header a signed-in browser of this member sends. */
  cookie: string
}

export interface Seeded {
  members: Member[]
  goals: { id: string; userId: string; targetValue: number }[]
  /** This week's recap conversation of each member, open and waiting for its first answer. */
  openRecaps: { id: string; userId: string }[]
  /** The members who keep a journal, 100 entries each. */
  journalMembers: Member[]
  /** The members with a year of days behind them: a check-in and a practice each day, for Stats. */
  yearMembers: Member[]
  rows: Record<string, number>
}

const DIMENSIONS = `array['mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit']`

const STATEMENTS = [
  `create temp table bench_member as
     select i, 'bench-user-' || i as user_id,
       case when i % 10 = 0 then null else (array['mind', 'energy', 'calm', 'connection'])[1 + i % 4] end as path,
       now() - make_interval(days => 1 + i % 20) as path_started_at,
       now() - make_interval(days => 40 + i % 300) as joined_at
     from generate_series(1, $1::int) i`,

  `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select user_id, 'Member ' || i, 'member' || i || '@bench.lumin.test', true, joined_at, joined_at from bench_member`,

  `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
     select 'bench-account-' || i, user_id, 'credential', user_id, $1, joined_at, joined_at from bench_member`,

  `insert into profiles (id, selected_path, path_started_at, lumin_points, consciousness_level, current_quest_progress,
       assessment_score_1, assessment_score_2, assessment_score_3, ranked_dimensions, selected_focus, onboarding_completed_at, created_at, updated_at)
     select user_id, path, path_started_at, (i * 7) % 320, 1 + ((i * 7) % 320) / 100, case when path is null then 0 else 50 * (i % 3) end,
       case when i % 5 = 0 then null else (i * 13) % 101 end, case when i % 5 = 0 then null else (i * 17) % 101 end,
       case when i % 5 = 0 then null else (i * 19) % 101 end,
       array(select d from unnest(${DIMENSIONS}) with ordinality as t(d, n) order by (n + i) % 7),
       (array['clarity', 'energy', 'peace', 'connection', 'purpose', 'growth'])[1 + i % 6], joined_at, joined_at, now()
     from bench_member`,

  // Up to six practices on the member's path since it was chosen, each begun at a threshold chat; a few still open.
  `create temp table bench_practice as
     select gen_random_uuid() as id, gen_random_uuid() as conversation_id, m.i, j, m.user_id, m.path, pe.id as path_exercise_id,
       mg.default_script_id as script_id, mg.game_type,
       m.path_started_at + make_interval(hours => 3 * j) as started_at,
       case when j = m.i % 7 and m.i % 2 = 0 then null else m.path_started_at + make_interval(hours => 3 * j, mins => 4) end as completed_at
     from bench_member m
     cross join lateral generate_series(1, m.i % 7) j
     join paths p on p.key = m.path
     join levels l on l.path_id = p.id and l.level_number = 1
     join path_exercises pe on pe.level_id = l.id and pe.exercise_number_in_level = 1 + (j - 1) % 3
     join minigames mg on mg.id = pe.minigame_id`,

  `insert into conversations (id, user_id, kind, script_id, subject, status, user_turns, result, created_at, finished_at)
     select conversation_id, user_id, 'threshold', script_id, id::text, 'finished', 2,
       jsonb_build_object('intention', 'To arrive slowly and notice my breath.'), started_at - interval '3 minutes', started_at
     from bench_practice`,

  `insert into messages (conversation_id, user_id, role, content, created_at)
     select p.conversation_id, p.user_id, t.role, t.content, p.started_at - interval '3 minutes' + make_interval(secs => 30 * t.n)
     from bench_practice p
     cross join (values
       (0, 'assistant', 'Before we begin, what would you like to bring into this practice?'),
       (1, 'user', 'I want to slow down, my head is full after work.'),
       (2, 'assistant', 'Slowing down sounds right. Is there one thing you would like to notice while you practise?'),
       (3, 'user', 'My breath, and my shoulders dropping.'),
       (4, 'assistant', 'Then let this be your intention: to arrive slowly and notice your breath.')) as t(n, role, content)
     order by p.conversation_id, t.n`,

  `insert into practices (id, user_id, path_exercise_id, path, conversation_id, started_at, completed_at, intention, steps, observation,
       kindness_act, points_awarded)
     select id, user_id, path_exercise_id, path, conversation_id, started_at, completed_at, 'To arrive slowly and notice my breath.',
       case when game_type = 'movement' and completed_at is not null then 800 + (i * j) % 3000 end,
       case when game_type = 'sensory' and completed_at is not null then 'The light on the wall, a blackbird, cold air.' end,
       case when game_type = 'kindness' and completed_at is not null then 'Made tea for my neighbour.' end,
       case when completed_at is not null and j <= 3 then 10 else 0 end
     from bench_practice`,

  `insert into user_progress (user_id, path_exercise_id, practice_id, completed_at)
     select user_id, path_exercise_id, id, completed_at from bench_practice where completed_at is not null`,

  `insert into user_attributes (user_id, attribute_key, attribute_value, updated_at)
     select distinct on (user_id) user_id, 'intention', 'To arrive slowly and notice my breath.', completed_at
     from bench_practice where completed_at is not null order by user_id, completed_at desc`,

  // Three finished weekly recaps and this week's, begun and waiting for the member's first answer.
  `create temp table bench_recap as
     select gen_random_uuid() as id, gen_random_uuid() as conversation_id, m.i, w, m.user_id,
       (date_trunc('week', now()) - make_interval(weeks => w))::date as week_start,
       case when w = 0 then now() - interval '1 hour' else date_trunc('week', now()) - make_interval(weeks => w) + interval '6 days 19 hours' end as at,
       (${DIMENSIONS})[1 + (m.i + w) % 7] as dimension
     from bench_member m cross join generate_series(0, 3) w`,

  `insert into conversations (id, user_id, kind, script_id, status, user_turns, result, created_at, finished_at)
     select r.conversation_id, r.user_id, 'recap', s.id, case when w = 0 then 'open' else 'finished' end, case when w = 0 then 0 else 4 end,
       case when w > 0 then jsonb_build_object('weekly_summary', 'A steady week with long walks.', 'top_priority_dimension', dimension,
         'priority_reasoning', 'It is where you felt the most pull.', 'recommendations', jsonb_build_array('Walk after lunch', 'Call a friend'),
         'rating', 1 + (i + w) % 10) end,
       r.at, case when w > 0 then r.at + interval '6 minutes' end
     from bench_recap r join conversation_scripts s on s.key = 'weekly-recap'`,

  `insert into messages (conversation_id, user_id, role, content, created_at)
     select r.conversation_id, r.user_id, t.role, t.content, r.at + make_interval(secs => 40 * t.n)
     from bench_recap r
     cross join (values
       (0, 'assistant', 'Hello again. How was your week, looking back on it?'),
       (1, 'user', 'Busy at work, but I walked most evenings and slept better.'),
       (2, 'assistant', 'It sounds like a week with ups and downs. On a scale from 1 to 10, how would you rate this week?'),
       (3, 'user', '7'),
       (4, 'assistant', 'A 7, thank you. Which of the seven dimensions mattered most this week?'),
       (5, 'user', 'Body, the walks kept me steady.'),
       (6, 'assistant', 'Looking ahead, which dimension would you like to focus on next week?'),
       (7, 'user', 'Connection. I want to call my sister.'),
       (8, 'assistant', 'Thank you for looking back on your week so honestly; here is your summary.')) as t(n, role, content)
     where r.w > 0 or t.n = 0
     order by r.conversation_id, t.n`,

  `insert into weekly_recaps (id, user_id, conversation_id, week_start, started_at, completed_at, summary, rating)
     select id, user_id, conversation_id, week_start, at, case when w > 0 then at + interval '6 minutes' end,
       case when w > 0 then 'A steady week with long walks.' end, case when w > 0 then 1 + (i + w) % 10 end
     from bench_recap`,

  `insert into weekly_dimension_priorities (recap_id, user_id, dimension, rank, reasoning)
     select id, user_id, dimension, 1, 'It is where you felt the most pull.' from bench_recap where w > 0`,

  `insert into weekly_tasks (recap_id, user_id, task_description, related_dimension, status, created_at, done_at)
     select r.id, r.user_id, t.task, r.dimension, case when t.n <= (r.i + r.w) % 4 then 'done' else 'pending' end,
       r.at + make_interval(mins => 6, secs => t.n), case when t.n <= (r.i + r.w) % 4 then r.at + make_interval(days => t.n) end
     from bench_recap r
     cross join (values (1, 'Walk for twenty minutes after lunch'), (2, 'Call someone you miss'), (3, 'Write down one thing you are grateful for'))
       as t(n, task)
     where r.w > 0`,

  // Two goals for four members in five, each made in a goal chat, at every stage of progress.
  `create temp table bench_goal as
     select gen_random_uuid() as id, gen_random_uuid() as conversation_id, m.i, g, m.user_id, c.id as category_id,
       (10 * (1 + (m.i + g) % 10))::float8 as target_value, ((m.i * g * 37) % 101) / 100.0 as share,
       m.joined_at + make_interval(days => 7 * g) as at
     from bench_member m
     cross join generate_series(1, 2) g
     join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from goal_categories) c on c.n = (m.i + g) % c.total
     where m.i % 5 <> 0`,

  `insert into conversations (id, user_id, kind, script_id, subject, status, user_turns, result, created_at, finished_at)
     select g.conversation_id, g.user_id, 'goal', s.id, g.category_id::text, 'finished', 3,
       jsonb_build_object('title', 'Run ' || g.target_value || ' km', 'category', 'Health & Fitness', 'description', 'Build up to it slowly.',
         'measurable_target', g.target_value, 'measurable_unit', 'km', 'suggested_timeframe_days', 60),
       g.at, g.at + interval '5 minutes'
     from bench_goal g join conversation_scripts s on s.key = 'goal-creation'`,

  `insert into messages (conversation_id, user_id, role, content, created_at)
     select g.conversation_id, g.user_id, t.role, t.content, g.at + make_interval(secs => 40 * t.n)
     from bench_goal g
     cross join (values
       (0, 'assistant', 'What would you like to achieve?'),
       (1, 'user', 'I want to run again, like I did before the kids.'),
       (2, 'assistant', 'How far would you like to be able to run?'),
       (3, 'user', 'Ten kilometres without stopping.'),
       (4, 'assistant', 'And by when would you like to get there?'),
       (5, 'user', 'In two months.'),
       (6, 'assistant', 'Then your goal is set. Small steps, every week.')) as t(n, role, content)
     order by g.conversation_id, t.n`,

  // Goals and achievements go in with triggers on: the counts an earned tier's percentile reads follow them
  // (docs/decisions/0026), and so do their foreign keys' checks, a few hundred thousand rows' worth.
  `set local session_replication_role = origin`,

  `insert into goals (id, user_id, category_id, conversation_id, title, description, target_value, current_value, progress, status,
       completed_at, unit, target_date, created_at)
     select id, user_id, category_id, conversation_id, 'Run ' || target_value || ' km', 'Build up to it slowly.', target_value,
       target_value * share, round(share * 100), case when share >= 1 then 'completed' else 'in-progress' end,
       case when share >= 1 then at + interval '50 days' end, 'km', (at + interval '60 days')::date, at
     from bench_goal`,

  `create temp table bench_achievement as
     select g.id as goal_id, g.user_id, g.category_id, t.tier, g.at + make_interval(days => t.n * 10) as at
     from bench_goal g
     join (values (1, 'Bronze', 25), (2, 'Silver', 50), (3, 'Gold', 75), (4, 'Diamond', 100)) as t(n, tier, threshold)
       on round(g.share * 100) >= t.threshold`,

  `insert into achievements (user_id, goal_id, category_id, tier, percentile, cohort, earned_at)
     select user_id, goal_id, category_id, tier, 40 + length(goal_id::text) % 50, 20 + length(goal_id::text) % 500, at from bench_achievement`,

  `set local session_replication_role = replica`,

  `insert into badges (user_id, goal_id, tier, svg, created_at)
     select user_id, goal_id, tier,
       '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img"><title>' || tier || '</title><circle cx="120" cy="120" r="100"/></svg>', at
     from bench_achievement`,

  // A journal for one member in ten: 100 entries each, one every 20 hours back from now, a few sentences drawn from
  // short lists so that words repeat across members as they do in life, and one less common word per entry.
  `insert into journal_entries (id, user_id, title, body, prompt, local_date, created_at, updated_at)
     select gen_random_uuid(), m.user_id,
       case when j % 3 = 0 then (array['Harbour evening', 'A slow Sunday', 'Back at work', 'Rain again', 'The long walk'])[1 + (m.i + j) % 5] end,
       (array['Woke early and sat with coffee by the window.', 'Work was loud today and I felt stretched thin.',
         'We walked along the harbour after dinner.', 'Slept badly, the neighbours were up late again.',
         'Called my sister on the way home and we laughed.', 'A quiet morning, nothing planned, which was the point.',
         'Ran in the park before the rain came in.', 'Cooked for friends and stayed up talking.'])[1 + (m.i * 7 + j) % 8]
       || ' ' || (array['I noticed how tense my shoulders were.', 'It felt good to be outside for a while.',
         'My head kept going back to the deadline.', 'I was grateful for small things.', 'I want to be kinder to myself about it.',
         'The light was soft and everything slowed down.', 'I missed the old routine more than I expected.',
         'There was a moment of real calm.'])[1 + (m.i + j * 3) % 8]
       || ' ' || (array['Tomorrow I will try to rest.', 'Writing this helps.', 'More of this, please.', 'Let it go.',
         'Bed early tonight.', 'Next week will be lighter.', 'Enough for today.', 'I am proud of that.'])[1 + (m.i * 3 + j * 5) % 8]
       || ' Thinking of ' || (array['lanterns', 'orchards', 'glaciers', 'violins', 'lighthouses', 'meadows', 'pottery', 'comets',
         'tulips', 'ferries', 'owls', 'bakeries', 'canyons', 'harpsichords', 'kayaks', 'cathedrals', 'dunes', 'puzzles',
         'quilts', 'volcanoes'])[1 + (m.i * 13 + j * 7) % 20] || '.',
       case when j % 2 = 0 then 'What did you notice today that you would usually have missed?' end,
       (t.at at time zone 'Europe/Paris')::date, t.at, t.at
     from bench_member m
     cross join generate_series(1, 100) j
     cross join lateral (select date_trunc('milliseconds', now() - make_interval(hours => 20 * j, mins => m.i % 600)) as at) t
     where m.i % 10 = 1`,

  // One live session per member, refreshed today, so a request reads it without sliding it.
  // A year of days for one member in a hundred (on the Calm path): a check-in each morning, its mood and tags changing
  // with the day, and a practice each evening, as the app writes them (in Paris, where the check-in says it was made).
  `insert into check_ins (id, user_id, mood, emotions, dimensions, checked_in_at, local_date, time_zone, created_at, updated_at)
     select gen_random_uuid(), m.user_id, (array['awful', 'bad', 'okay', 'good', 'great'])[1 + (m.i + d * 3) % 5],
       array[(array['calm', 'tired', 'grateful', 'hopeful', 'anxious'])[1 + (m.i + d) % 5]],
       array[(${DIMENSIONS})[1 + d % 7]], t.at, (t.at at time zone 'Europe/Paris')::date, 'Europe/Paris', t.at, t.at
     from bench_member m
     cross join generate_series(0, 364) d
     cross join lateral (select date_trunc('day', now()) - make_interval(days => d, hours => -8) as at) t
     where m.i % 100 = 2`,

  `insert into practices (id, user_id, path_exercise_id, path, started_at, completed_at, points_awarded)
     select gen_random_uuid(), m.user_id, pe.id, m.path, t.at - interval '5 minutes', t.at, 0
     from bench_member m
     cross join generate_series(0, 364) d
     cross join lateral (select date_trunc('day', now()) - make_interval(days => d, hours => -19) as at) t
     join paths p on p.key = m.path
     join levels l on l.path_id = p.id and l.level_number = 1
     join path_exercises pe on pe.level_id = l.id and pe.exercise_number_in_level = 1 + d % 3
     where m.i % 100 = 2`,

  // The orbs as the weekly home showed them in the last two weeks, kept since migration 0011 (docs/decisions/0039), and
  // two progress updates of each goal: Stats reads them, and an empty table would be planned as a scan.
  `insert into dimension_snapshots (user_id, week_start, scores, taken_at)
     select m.user_id, (date_trunc('week', now()) - make_interval(weeks => w))::date,
       jsonb_build_object('mind', (m.i * 3 + w) % 101, 'body', (m.i * 5 + w) % 101, 'heart', (m.i * 7 + w) % 101,
         'connection', (m.i * 11 + w) % 101, 'purpose', (m.i * 13 + w) % 101, 'growth', (m.i * 17 + w) % 101, 'spirit', (m.i * 19 + w) % 101),
       date_trunc('week', now()) - make_interval(weeks => w) + interval '6 days 20 hours'
     from bench_member m cross join generate_series(1, 2) w`,

  `insert into goal_progress_updates (user_id, goal_id, current_value, progress, created_at)
     select g.user_id, g.id, g.target_value * g.share * u.n / 2, round(g.share * 100 * u.n / 2), g.at + make_interval(days => 10 * u.n)
     from bench_goal g cross join (values (1), (2)) as u(n)`,

  `insert into session (id, expires_at, token, created_at, updated_at, ip_address, user_agent, user_id)
     select 'bench-session-' || i, now() + interval '7 days', md5('bench-token-' || i || random()::text), now() - make_interval(days => i % 20), now(),
       '127.0.0.1', 'lumin-bench', user_id
     from bench_member`,
]

/** The tables the seed fills with the most rows (millions of messages at 100,000 members): their indexes are built once they are full. */
const BULK_TABLES = ['messages', 'conversations', 'practices', 'check_ins', 'user_progress', 'weekly_recaps', 'weekly_dimension_priorities', 'weekly_tasks', 'badges', 'journal_entries']

/**
 * The bulk tables' indexes and the constraints behind them, but those a foreign key relies on: how to drop each and
 * how to build it again.
 */
const BULK_INDEXES = `
  select case when c.oid is null then format('drop index %I', i.relname) else format('alter table %I drop constraint %I', t.relname, c.conname) end as "drop",
    case when c.oid is null then pg_get_indexdef(x.indexrelid)
      else format('alter table %I add constraint %I %s', t.relname, c.conname, pg_get_constraintdef(c.oid)) end as "build"
  from pg_index x
  join pg_class i on i.oid = x.indexrelid
  join pg_class t on t.oid = x.indrelid and t.relnamespace = 'public'::regnamespace
  left join pg_constraint c on c.conindid = x.indexrelid and c.contype in ('p', 'u')
  where t.relname = any($1) and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = x.indexrelid)`

/** `passwordHash` is the factories' (tests/support/factories.ts), made once before the seed is timed. */
export async function seedMembers(client: pg.Client, { count, passwordHash, authSecret }: { count: number; passwordHash: string; authSecret: string }): Promise<Seeded> {
  const [plan, users, accounts, ...rest] = STATEMENTS
  await client.query('begin')
  // A bulk load of rows consistent by construction: no foreign key checks row by row (but where turned back on above),
  // and each big table's indexes built in one sort once it is full, instead of millions of random insertions into
  // indexes larger than PostgreSQL's buffers. The same rows and indexes, in a few times less time.
  await client.query('set local session_replication_role = replica')
  await client.query(`set local maintenance_work_mem = '512MB'`)
  await client.query(`set local work_mem = '256MB'`)
  const { rows: indexes } = await client.query<{ drop: string; build: string }>(BULK_INDEXES, [BULK_TABLES])
  for (const index of indexes) await client.query(index.drop)
  await client.query(plan!, [count])
  await client.query(users!)
  await client.query(accounts!, [passwordHash])
  for (const statement of rest) await client.query(statement)
  for (const index of indexes) await client.query(index.build)
  await client.query('commit')
  // As autovacuum would leave them: statistics for the planner, visibility for index-only scans. Then written out, so
  // that the load runs don't share the disk with a checkpoint still flushing the seed.
  await client.query('vacuum analyze')
  await client.query('checkpoint')

  const sessions = await client.query<{ user_id: string; token: string }>(
    `select user_id, token from session where id like 'bench-session-%' order by substring(id from 15)::int`,
  )
  const members = sessions.rows.map(({ user_id, token }) => ({ userId: user_id, cookie: sessionCookie(token, authSecret) }))
  const goals = await client.query<{ id: string; user_id: string; target_value: number }>(`select id, user_id, target_value from goals order by created_at, id`)
  const openRecaps = await client.query<{ id: string; user_id: string }>(
    `select conversation_id as id, user_id from weekly_recaps where completed_at is null order by user_id`,
  )
  const yearLong = new Set(
    (await client.query<{ user_id: string }>(`select user_id from check_ins group by user_id having count(*) >= 365`)).rows.map((r) => r.user_id),
  )
  const writers = new Set((await client.query<{ user_id: string }>(`select distinct user_id from journal_entries`)).rows.map((r) => r.user_id))
  // As the vacuum just counted them (the statistics' running counts may not have caught up with the load yet).
  const counts = await client.query<{ table: string; rows: string }>(
    `select relname as table, reltuples::bigint as rows from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples > 0 order by reltuples desc`,
  )
  return {
    members,
    goals: goals.rows.map((g) => ({ id: g.id, userId: g.user_id, targetValue: g.target_value })),
    openRecaps: openRecaps.rows.map((r) => ({ id: r.id, userId: r.user_id })),
    journalMembers: members.filter((m) => writers.has(m.userId)),
    yearMembers: members.filter((m) => yearLong.has(m.userId)),
    rows: Object.fromEntries(counts.rows.map((r) => [r.table, Number(r.rows)])),
  }
}
