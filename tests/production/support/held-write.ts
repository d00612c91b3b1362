import type pg from 'pg'
import { expect } from 'vitest'
import { firstRow } from './postgres'

interface Connectable {
  connect(): Promise<pg.Client>
}

/**
 * Holds a practice completion (one transaction: the practice log, a progress row, the profile's points, then
 * user_attributes) at its last statement: the test's own connection has inserted the user_attributes row the
 * completion of a breathing practice writes, and doesn't commit, so the server's transaction waits on it with its
 * other rows written and uncommitted. Deterministic, with no timing involved.
 */
export async function holdPracticeCompletion(database: Connectable, email: string) {
  const holder = await database.connect()
  const watcher = await database.connect()
  const { id: userId } = await firstRow<{ id: string }>(watcher, 'select id from "user" where email = $1', [email])
  await holder.query('begin')
  await holder.query(`insert into user_attributes (user_id, attribute_key, attribute_value) values ($1, 'breathing_bubble_completed', 'held by the test')`, [userId])

  return {
    userId,
    /** The server's backend once it waits on the hold, with the tables its open transaction has written to. */
    async waiting() {
      let pid = 0
      await expect
        .poll(
          async () => {
            const row = await firstRow<{ pid: number } | undefined>(
              watcher,
              `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into "user_attributes"%'`,
            )
            pid = row?.pid ?? 0
            return pid
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0)
      const { rows } = await watcher.query<{ table: string }>(`select relation::regclass::text as table from pg_locks where pid = $1 and mode = 'RowExclusiveLock' and relation is not null`, [pid])
      return { pid, written: rows.map((r) => r.table) }
    },
    /** Lets go of the hold, and waits until the server's backend has finished, whichever way it went. */
    async release(pid: number) {
      await holder.query('rollback')
      await expect.poll(async () => (await watcher.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount, { timeout: 10_000 }).toBe(0)
    },
    /** Everything a completion of this user's writes, as the database holds it now. */
    rows: () =>
      firstRow<Record<string, number>>(
        watcher,
        `select (select count(*)::int from practices where user_id = $1 and completed_at is not null) as completed,
                (select count(*)::int from user_progress where user_id = $1) as progress,
                (select lumin_points from profiles where id = $1) as points,
                (select count(*)::int from user_attributes where user_id = $1) as attributes`,
        [userId],
      ),
    close: () => Promise.all([holder.end(), watcher.end()]),
  }
}

/** What the rows hold when the completion never happened, and when it happened once. */
export const NOTHING_WRITTEN = { completed: 0, progress: 0, points: 0, attributes: 0 }
export const ALL_WRITTEN = { completed: 1, progress: 1, points: 10, attributes: 1 }
