import type { Database } from '~/server/db/client'

const QUEUES = ['reminder', 'reminder-push']

/**
 * Fake time for reminders (docs/decisions/0043): the clock the app is given, and the job queue's clock, which is the
 * database's `now()`, moved together. Moving the queue's clock forward is moving its waiting jobs' start back by as
 * much, so a job due in an hour runs now, as it would an hour from now.
 */
export function movableClock() {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    async move(database: Database, ms: number) {
      offset += ms
      await database.execute(`update pgboss.job set start_after = start_after - make_interval(secs => $2::float8) where name = any($1) and state in ('created', 'retry')`, [QUEUES, ms / 1000])
    },
  }
}

/** Waits until the reminder queues have nothing due left to run, as every instance's workers see it. */
export async function remindersSettled(database: Database, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await database.execute(
      `select count(*)::int as due from pgboss.job where (name = any($1) and state in ('created', 'retry', 'active') and start_after <= now()) or (name = 'mail' and state < 'completed')`,
      [QUEUES],
    )
    if ((rows[0] as { due: number }).due === 0) return
    if (Date.now() > deadline) throw new Error(`the reminder queues did not settle in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * One instance's own handle on a database that other instances share: stopping it stops that instance's work on
 * the database (its job queue) and leaves the database and the other instances running.
 */
export function instanceOf(database: Database): Database & { stop(): Promise<void> } {
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const each of stops.splice(0)) await each()
  }
  return { ...database, beforeClose: (each) => void stops.push(each), close: stop, stop }
}
