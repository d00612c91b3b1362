import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { errorCode } from '../error-code'
import type { Logger } from '../logger'

/**
 * How often an idle worker looks for jobs another instance queued, or that a restart left behind. A job queued here
 * wakes this instance's worker at once (docs/decisions/0012).
 */
const POLL_SECONDS = 2
/** A stopping instance gives its jobs in hand this long to finish before they are failed and retried elsewhere. */
const STOP_GRACE_MS = 10_000

/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01'

/** Runs SQL given as text: several statements when there are no values. */
type Execute = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>

/** The index of jobs by their owner: on the partitioned table, so every queue's partition has its own. */
const JOB_OWNER_INDEX = 'lumin_job_owner'

/**
 * Creates or upgrades the job queue's own tables (schema `pgboss`). Run by start-up's migration, under its lock, so
 * instances starting together don't race to create them.
 */
export async function installJobQueue(execute: Execute) {
  const installer = new PgBoss({ db: { executeSql: (text, values) => execute(text, values) }, supervise: false, schedule: false, migrate: true })
  await installer.start()
  await installer.stop({ graceful: false, close: false })
  // A job's owner is its singleton key, read through an index of Lumin's own (pg-boss has none on the key alone), so a
  // member's jobs are found without reading the queue (docs/decisions/0059). Made once: jobs queued before it named
  // their member only in their data, and are given the key then.
  const { rows } = await execute(`select to_regclass('pgboss.${JOB_OWNER_INDEX}') is null as missing`)
  if ((rows[0] as { missing: boolean }).missing) {
    await execute(`update pgboss.job set singleton_key = data ->> 'userId' where singleton_key is null and data ? 'userId'`)
    await execute(`create index if not exists ${JOB_OWNER_INDEX} on pgboss.job (name, singleton_key)`)
  }
}


export interface QueueOptions {
  /** Attempts after the first, with growing waits. */
  retryLimit: number
  retryDelaySeconds: number
  /** A job still waiting after this long is dropped: a mail whose link has expired helps nobody. */
  retentionMinutes: number
  /** A job in hand longer than this is taken to have failed. */
  expireInSeconds: number
}

/**
 * The one job queue (docs/decisions/0012): pg-boss on the app's own database, PGlite or PostgreSQL, shared by every
 * instance. Work that must happen once and survive a restart goes here, never into a request that someone waits for.
 */
export function createJobQueue({ database, logger, queues }: { database: Database; logger: Logger; queues: Record<string, QueueOptions> }) {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.execute(text, values) },
    schedule: false,
    // Start-up's migration installed the queue's tables (installJobQueue).
    migrate: false,
    // Jobs carry addresses and links: once done they are archived within the hour and gone within a day.
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  })
  boss.on('error', (err: Error) => logger.warn({ err: { name: err.name, code: errorCode(err) } }, 'job queue error'))

  const started = (async () => {
    await boss.start()
    for (const [name, options] of Object.entries(queues)) {
      const create = () =>
        boss.createQueue(name, {
          name,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: true,
          retentionMinutes: options.retentionMinutes,
          expireInSeconds: options.expireInSeconds,
        })
      // Instances starting together on a database without the queue each create it, and PostgreSQL may end one of
      // them as a deadlock: that one tries again and finds the queue made.
      await create().catch((err: unknown) => (errorCode(err) === DEADLOCK ? create() : Promise.reject(err)))
    }
  })()
  // A start that fails (the database is away) is reported where the queue is used, not as an unhandled rejection.
  started.catch(() => undefined)
  /** Each queue's workers on this instance, to wake them when a job is queued here. */
  const workers = new Map<string, string[]>()
  const notify = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id)
  }

  const stop = async () => {
    await started.catch(() => undefined)
    await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_GRACE_MS })
  }
  database.beforeClose(stop)

  return {
    /** Queues a job; this instance's worker for it, if any, looks at once. */
    async send(name: string, data: object) {
      await started
      await boss.send(name, data)
      notify(name)
    },

    /**
     * Queues jobs to start at given moments (at once without one), in one statement. A job whose id is queued already is left as it is: ids
     * made from what a job is for keep it from being queued twice, by however many instances (docs/decisions/0043).
     * A job's `owner` (a member's id) is what `forgetOwnedBy` finds it by.
     */
    async sendLater(name: string, jobs: readonly { id: string; data: object; startAfter?: Date; owner?: string }[]) {
      await started
      if (jobs.length === 0) return
      await boss.insert(jobs.map(({ owner, ...job }) => ({ name, ...job, singletonKey: owner })))
      notify(name)
    },

    /**
     * Handles the queue's jobs, `concurrency` at a time on this instance (one by default); a handler that throws has
     * its job retried. It is told which attempt this is, so the last failure can say that it was the last.
     */
    async work<Data extends object>(name: string, handle: (data: Data, attempt: { number: number; last: boolean }) => Promise<void>, { concurrency = 1 } = {}) {
      await started
      const ids: string[] = []
      workers.set(name, ids)
      // Each worker takes one job at a time; the queue's SKIP LOCKED fetch gives each its own.
      for (let i = 0; i < concurrency; i++) {
        ids.push(
          await boss.work<Data>(name, { pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true }, async ([job]) => {
            if (!job) return
            await handle(job.data, { number: job.retryCount + 1, last: job.retryCount >= job.retryLimit })
            // A queue that had a job may hold more (the reminders due at 09:00): look again at once, not after the poll.
            notify(name)
          }),
        )
      }
    },

    /** Deletes the queue's jobs, done or not, whose data holds `value` at `field`: a member who leaves takes their mail along. */
    async forget(name: string, field: string, value: string) {
      await started
      for (const table of ['job', 'archive']) {
        await database.execute(`delete from pgboss.${table} where name = $1 and data ->> $2 = $3`, [name, field, value])
      }
    },

    /** Deletes the queue's jobs, done or not, that `owner` owns, found by its index: a member's saved choices replace them. */
    async forgetOwnedBy(name: string, owner: string) {
      await started
      for (const table of ['job', 'archive']) {
        await database.execute(`delete from pgboss.${table} where name = $1 and singleton_key = $2`, [name, owner])
      }
    },

    /** Stops this instance's workers, letting the jobs in hand finish; the jobs stay queued for other instances. */
    stop,
  }
}

export type JobQueue = ReturnType<typeof createJobQueue>
