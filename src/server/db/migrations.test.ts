import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { newPglite } from '../database'

const folder = fileURLToPath(new URL('./migrations', import.meta.url))
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort()

/** Runs one committed migration as the migrator does: statement by statement. */
async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(`${folder}/${file}`, 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement)
}

const db = newPglite()
afterAll(() => db.close())

// Each test runs every migration on a fresh PGlite: slow work, seconds on an idle machine and several times that on a
// busy one, not a timing under test.
describe('upgrading a database that holds members’ data', { timeout: 120_000 }, () => {
  it('gives achievements earned before 0004 their goal’s category, which the kept counts of 0007 then count by', async () => {
    const before = files.filter((file) => file < '0004')
    for (const file of before) await apply(db, file)
    await db.exec(`
      insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com');
      insert into goal_categories (id, name, icon_name, description) values (1, 'Health & Fitness', 'heart', 'Body'), (2, 'Learning', 'book', 'Mind');
      insert into goals (id, user_id, category_id, title, description, target_value, unit, target_date)
        values ('00000000-0000-4000-8000-000000000001', 'u1', 2, 'Read 12 books', 'One a month', 12, 'books', '2027-01-01');
      insert into achievements (user_id, goal_id, tier, percentile) values ('u1', '00000000-0000-4000-8000-000000000001', 'Bronze', 100);
    `)

    for (const file of files.filter((name) => !before.includes(name))) await apply(db, file)

    const { rows } = await db.query<{ category_id: number }>('select category_id from achievements')
    expect(rows).toEqual([{ category_id: 2 }])
    await expect(db.exec(`insert into achievements (user_id, goal_id, tier, percentile) values ('u1', '00000000-0000-4000-8000-000000000001', 'Silver', 100)`)).rejects.toThrow(/category_id/)
    // The percentile reads counts that triggers keep (docs/decisions/0026): Ada's Bronze, earned before either, is in
    // them, and the index the old count scanned is gone (0008). That their plans are index lookups at 100,000 members
    // is shown by `npm run bench`'s EXPLAIN.
    const { rows: triggers } = await db.query<{ tgname: string }>('select tgname from pg_trigger where not tgisinternal order by tgname')
    expect(triggers.map((t) => t.tgname)).toEqual(['achievements_counted_in', 'achievements_counted_out', 'goals_counted_in', 'goals_counted_out', 'user_goal_counts_locked'])
    expect((await db.query('select category_id, members from goal_category_counts where members > 0')).rows).toEqual([{ category_id: 2, members: 1 }])
    expect((await db.query('select category_id, tier, members from goal_tier_counts where members > 0')).rows).toEqual([{ category_id: 2, tier: 'Bronze', members: 1 }])
    expect((await db.query(`select indexname from pg_indexes where indexname = 'achievements_category_tier_idx'`)).rows).toEqual([])
  })

  it('gives achievements earned before 0006 the count of members whose goal in the category existed when they were earned', async () => {
    const older = newPglite()
    try {
      for (const file of files.filter((name) => name < '0006')) await apply(older, file)
      await older.exec(`
        insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com'), ('u2', 'Bo', 'bo@example.com'), ('u3', 'Cy', 'cy@example.com');
        insert into goal_categories (id, name, icon_name, description) values (2, 'Learning', 'book', 'Mind');
        insert into goals (id, user_id, category_id, title, description, target_value, unit, target_date, created_at)
          values ('00000000-0000-4000-8000-000000000001', 'u1', 2, 'Read 12 books', 'One a month', 12, 'books', '2027-01-01', '2020-01-01'),
                 ('00000000-0000-4000-8000-000000000002', 'u2', 2, 'Learn Welsh', 'Ten words a week', 100, 'words', '2027-01-01', '2020-02-01'),
                 ('00000000-0000-4000-8000-000000000003', 'u3', 2, 'Read Proust', 'All of it', 7, 'volumes', '2027-01-01', '2020-04-01');
        insert into achievements (user_id, goal_id, category_id, tier, percentile, earned_at)
          values ('u1', '00000000-0000-4000-8000-000000000001', 2, 'Bronze', 50, '2020-03-01');
      `)
      for (const file of files.filter((name) => name >= '0006')) await apply(older, file)
      // Ada's goal and Bo's were there when she earned Bronze; Cy's came a month later.
      const { rows } = await older.query<{ cohort: number }>('select cohort from achievements')
      expect(rows).toEqual([{ cohort: 2 }])
    } finally {
      await older.close()
    }
  })
  it('counts the members and earners already there when 0007 comes, and keeps counting after', async () => {
    const older = newPglite()
    try {
      for (const file of files.filter((name) => name < '0007')) await apply(older, file)
      await older.exec(`
        insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com'), ('u2', 'Bo', 'bo@example.com'), ('u3', 'Cy', 'cy@example.com');
        insert into goal_categories (id, name, icon_name, description) values (1, 'Health & Fitness', 'heart', 'Body'), (2, 'Learning', 'book', 'Mind');
        insert into goals (id, user_id, category_id, title, description, target_value, unit, target_date)
          values ('00000000-0000-4000-8000-000000000001', 'u1', 2, 'Read 12 books', 'One a month', 12, 'books', '2027-01-01'),
                 ('00000000-0000-4000-8000-000000000002', 'u1', 2, 'Learn Welsh', 'Ten words a week', 100, 'words', '2027-01-01'),
                 ('00000000-0000-4000-8000-000000000003', 'u2', 2, 'Read Proust', 'All of it', 7, 'volumes', '2027-01-01'),
                 ('00000000-0000-4000-8000-000000000004', 'u3', 1, 'Run 10 km', 'Slowly', 10, 'km', '2027-01-01');
        insert into achievements (user_id, goal_id, category_id, tier, percentile, cohort)
          values ('u1', '00000000-0000-4000-8000-000000000001', 2, 'Bronze', 50, 2), ('u1', '00000000-0000-4000-8000-000000000001', 2, 'Silver', 50, 2),
                 ('u1', '00000000-0000-4000-8000-000000000002', 2, 'Bronze', 50, 2), ('u2', '00000000-0000-4000-8000-000000000003', 2, 'Bronze', 100, 2);
      `)
      for (const file of files.filter((name) => name >= '0007')) await apply(older, file)
      const counts = async () => ({
        members: (await older.query('select category_id, members from goal_category_counts where members > 0 order by 1')).rows,
        earners: (await older.query('select category_id, tier, members from goal_tier_counts where members > 0 order by 1, 2')).rows,
      })
      // Ada's two goals in Learning count her once; Ada and Bo hold Bronze or better there, Ada alone Silver.
      expect(await counts()).toEqual({
        members: [
          { category_id: 1, members: 1 },
          { category_id: 2, members: 2 },
        ],
        earners: [
          { category_id: 2, tier: 'Bronze', members: 2 },
          { category_id: 2, tier: 'Silver', members: 1 },
        ],
      })
      await older.exec(`delete from "user" where id = 'u1'`)
      expect(await counts()).toEqual({
        members: [
          { category_id: 1, members: 1 },
          { category_id: 2, members: 1 },
        ],
        earners: [{ category_id: 2, tier: 'Bronze', members: 1 }],
      })
    } finally {
      await older.close()
    }
  })
  it('gives each goal moved before its history was kept one update at its present value, when it last moved (0012)', async () => {
    const older = newPglite()
    try {
      for (const file of files.filter((name) => name < '0012')) await apply(older, file)
      await older.exec(`
        insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com');
        insert into goal_categories (id, name, icon_name, description) values (2, 'Learning', 'book', 'Mind');
        insert into goals (id, user_id, category_id, title, description, target_value, current_value, progress, moved_at, unit, target_date, created_at)
          values ('00000000-0000-4000-8000-000000000001', 'u1', 2, 'Read 12 books', 'One a month', 12, 6, 50, '2026-03-01T10:00:00Z', 'books', '2027-01-01', '2026-01-01'),
                 ('00000000-0000-4000-8000-000000000002', 'u1', 2, 'Learn Welsh', 'Ten words a week', 100, 0, 0, null, 'words', '2027-01-01', '2026-01-01'),
                 ('00000000-0000-4000-8000-000000000003', 'u1', 2, 'Read Proust', 'All of it', 7, 2, 29, '2026-04-01T10:00:00Z', 'volumes', '2027-01-01', '2026-01-01');
        insert into goal_progress_updates (user_id, goal_id, current_value, progress, created_at)
          values ('u1', '00000000-0000-4000-8000-000000000003', 2, 29, '2026-04-01T10:00:00Z');
      `)
      for (const file of files.filter((name) => name >= '0012')) await apply(older, file)
      // A goal never moved has nothing to tell; one already with a history keeps it as it is.
      const { rows } = await older.query(`select goal_id, current_value, progress, created_at::text from goal_progress_updates order by goal_id`)
      expect(rows).toEqual([
        { goal_id: '00000000-0000-4000-8000-000000000001', current_value: 6, progress: 50, created_at: '2026-03-01 10:00:00+00' },
        { goal_id: '00000000-0000-4000-8000-000000000003', current_value: 2, progress: 29, created_at: '2026-04-01 10:00:00+00' },
      ])
    } finally {
      await older.close()
    }
  })
})
