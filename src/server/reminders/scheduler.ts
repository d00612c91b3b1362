import { createHash } from 'node:crypto'
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm'
import { nextExerciseNumber } from '~/core/paths'
import { addDays, instantAt } from '~/core/local-time'
import {
  alreadyHappened,
  nextOccurrence,
  REMINDER_KINDS,
  reminderMessage,
  type NextPractice,
  type ReminderKind,
  type ReminderMessage,
  type ReminderSettings,
} from '~/core/reminders'
import { REMINDER_LATE_LIMIT_MS } from '~/core/timings'
import { weekStartOfDate } from '~/core/weekly'
import { mails, type MailDelivery } from '../auth/mail'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { checkIns, practices, profiles, pushSubscriptions, reminderSends, user, weeklyRecaps } from '../db/schema'
import { errorCode } from '../error-code'
import type { JobQueue, QueueOptions } from '../jobs/queue'
import type { Logger } from '../logger'
import { completedNumbers, exercisesOfPath } from '../members/path'
import type { PushSender } from './push'
import { membersWithReminders, storedReminderSettings } from './settings'
import { unsubscribeToken } from './unsubscribe'

/** One job per reminder's next send, queued for its moment (docs/decisions/0043). */
export const REMINDER_QUEUE = 'reminder'
export const REMINDER_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  // A job waits until its moment and then, if every instance was down, until one is back: it must outlive a long
  // outage to be dropped knowingly and to queue the next send. A week's recap waits seven days before it is due.
  retentionMinutes: 14 * 24 * 60,
  expireInSeconds: 60,
}

/** One job per push of a sent reminder to one subscription: retried with growing waits, a bounded number of times. */
export const PUSH_QUEUE = 'reminder-push'
export const PUSH_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 4,
  retryDelaySeconds: 20,
  // Past an hour a reminder is no use (REMINDER_LATE_LIMIT_MS).
  retentionMinutes: 60,
  expireInSeconds: 60,
}

/**
 * Pushes in flight at once on each instance: a push service that never answers holds one of them for the outgoing
 * client's time limit (OUTGOING_TIMEOUT_MS), and the others carry everyone else's reminders (docs/decisions/0059).
 */
const PUSH_CONCURRENCY = 4

interface ReminderJob {
  userId: string
  kind: ReminderKind
  /** The send's moment, ISO. */
  due: string
  /** The member's calendar date the send belongs to. */
  date: string
}

interface PushJob {
  userId: string
  subscriptionId: string
  kind: ReminderKind
  message: ReminderMessage
}

/** A job id made from what the job is for: the same send queued twice, by one instance or two, is one job. */
function jobId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/**
 * The job of a reminder's first send after `after`. It starts as long after this machine's present as the send is
 * after the scheduler's `now`: the same moment when the clock is the real one, and the right one when a test moved it.
 */
function reminderJob(userId: string, kind: ReminderKind, settings: ReminderSettings, after: Date, now: Date) {
  const next = nextOccurrence(settings, kind, after)
  if (!next) return []
  const data: ReminderJob = { userId, kind, due: next.at.toISOString(), date: next.date }
  return [{ id: jobId(REMINDER_QUEUE, userId, kind, data.due), data, owner: userId, startAfter: new Date(Date.now() + next.at.getTime() - now.getTime()) }]
}

/** What the member has already done on the send's date (and, for the recap, in its week), in their zone. */
async function alreadyDoneOn(db: Db, userId: string, date: string, timeZone: string) {
  const [checkedIn, recapDone, practised] = await Promise.all([
    db.select({ id: checkIns.id }).from(checkIns).where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, date))).limit(1),
    db
      .select({ id: weeklyRecaps.id })
      .from(weeklyRecaps)
      .where(and(eq(weeklyRecaps.userId, userId), eq(weeklyRecaps.weekStart, weekStartOfDate(date)), isNotNull(weeklyRecaps.completedAt)))
      .limit(1),
    db
      .select({ id: practices.id })
      .from(practices)
      .where(and(eq(practices.userId, userId), gte(practices.completedAt, instantAt(date, 0, timeZone)), lt(practices.completedAt, instantAt(addDays(date, 1), 0, timeZone))))
      .limit(1),
  ])
  return { checkedIn: checkedIn.length > 0, recapDone: recapDone.length > 0, practised: practised.length > 0 }
}

/** The next practice of the member's path, the one a practice reminder invites to; null without a path or past its last. */
async function nextPracticeOf(db: Db, userId: string): Promise<NextPractice | null> {
  const [profile] = await db.select({ path: profiles.selectedPath, since: profiles.pathStartedAt }).from(profiles).where(eq(profiles.id, userId))
  if (!profile?.path) return null
  const exercises = await exercisesOfPath(db, profile.path)
  const number = nextExerciseNumber(await completedNumbers(db, userId, exercises, profile.since))
  const exercise = exercises.find((e) => e.number === number)
  return exercise ? { path: profile.path, number, name: exercise.name, gameType: exercise.gameType } : null
}

export interface RemindersDeps {
  db: Db
  jobs: JobQueue
  mail: MailDelivery
  push: PushSender | null
  config: Config
  logger: Logger
  /** The time as the scheduler sees it: tests move it, the queue's own clock moves with it (docs/decisions/0043). */
  clock: () => Date
}

/**
 * Reminders on the job queue (docs/decisions/0043). Each reminder's next send is one job, queued for its moment with an
 * id made from the member, the reminder and the moment, so it is queued once however many instances queue it. The
 * job, when it runs on whichever instance takes it, checks it still matches the member's settings, queues the send
 * after it, and sends unless it is over an hour late or its point already happened. A row keyed by (member, reminder,
 * date) written before sending makes each send happen once even if two jobs reach it.
 */
export function createReminders({ db, jobs, mail, push, config, logger, clock }: RemindersDeps) {
  const failed = (what: string) => (err: unknown) => logger.error({ err: { name: err instanceof Error ? err.name : typeof err, code: errorCode(err) } }, what)

  /** Queues the next send of each of the member's reminders that is on. */
  async function queueNext(userId: string, settings: ReminderSettings, after: Date, kinds: readonly ReminderKind[] = REMINDER_KINDS) {
    await jobs.sendLater(
      REMINDER_QUEUE,
      kinds.flatMap((kind) => reminderJob(userId, kind, settings, after, clock())),
    )
  }

  async function deliver(userId: string, kind: ReminderKind, date: string, settings: ReminderSettings) {
    const message = reminderMessage(kind, kind === 'practice' ? await nextPracticeOf(db, userId) : null)
    let pushes = 0
    if (settings.channels.push && push) {
      const subscriptions = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
      pushes = subscriptions.length
      await jobs.sendLater(
        PUSH_QUEUE,
        subscriptions.map((subscription) => ({ id: jobId(PUSH_QUEUE, subscription.id, kind, date), data: { userId, subscriptionId: subscription.id, kind, message } satisfies PushJob, owner: userId })),
      )
    }
    if (settings.channels.email) {
      const [member] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId))
      if (member) {
        const links = {
          open: `${config.appUrl}${message.url}`,
          settings: `${config.appUrl}/settings#reminders`,
          unsubscribe: `${config.appUrl}/reminders/unsubscribe?token=${unsubscribeToken(config.authSecret, userId)}`,
        }
        await mail.send({ to: member.email, ...mails.reminder(message, links) })
      }
    }
    logger.info({ kind, pushes, email: settings.channels.email }, 'reminder sent')
  }

  async function handleReminder({ userId, kind, due, date }: ReminderJob) {
    const settings = await storedReminderSettings(db, userId)
    const at = new Date(due)
    // A job the member's later choices replaced (another time, the reminder off) does nothing: its replacement is queued.
    const expected = settings && nextOccurrence(settings, kind, new Date(at.getTime() - 1))
    if (!settings || expected?.at.getTime() !== at.getTime()) return
    await queueNext(userId, settings, at, [kind])
    const late = clock().getTime() - at.getTime()
    if (late > REMINDER_LATE_LIMIT_MS) {
      logger.info({ kind, lateMinutes: Math.round(late / 60_000) }, 'reminder dropped: over an hour late')
      return
    }
    if (!settings.channels.email && !(settings.channels.push && push)) {
      logger.info({ kind }, 'reminder not sent: no channel reaches the member')
      return
    }
    if (alreadyHappened(kind, await alreadyDoneOn(db, userId, date, settings.timeZone))) {
      logger.info({ kind }, 'reminder not sent: already done today')
      return
    }
    const claimed = await db.insert(reminderSends).values({ userId, kind, localDate: date }).onConflictDoNothing().returning({ kind: reminderSends.kind })
    if (claimed.length === 0) return
    await deliver(userId, kind, date, settings)
  }

  async function handlePush({ subscriptionId, kind, message }: PushJob, attempt: { number: number; last: boolean }) {
    const [target] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
    if (!target || !push) return
    try {
      const outcome = await push.send(target, message)
      if (outcome === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
        logger.info({ kind }, 'push subscription gone: removed')
        return
      }
      if (outcome === 'refused') {
        // Its name now leads inside the operator's network, or off port 443: not sent, not retried (decision 0059).
        logger.warn({ kind }, 'reminder push refused: the endpoint is not a push service on the internet')
        return
      }
    } catch (err) {
      const status = err instanceof Error && 'statusCode' in err ? err.statusCode : undefined
      logger.warn({ kind, attempt: attempt.number, status, err: { name: err instanceof Error ? err.name : typeof err, code: errorCode(err) } }, attempt.last ? 'reminder push failed: giving up' : 'reminder push failed: will retry')
      throw err
    }
    logger.info({ kind }, 'reminder push sent')
  }

  /** At start-up, every reminder that is on has its next send queued: a no-op for those already queued. */
  async function queueEveryone() {
    const now = clock()
    const members = await membersWithReminders(db)
    for (let i = 0; i < members.length; i += 500) {
      await jobs.sendLater(
        REMINDER_QUEUE,
        members.slice(i, i + 500).flatMap(({ userId, settings }) => REMINDER_KINDS.flatMap((kind) => reminderJob(userId, kind, settings, now, now))),
      )
    }
  }

  jobs.work<ReminderJob>(REMINDER_QUEUE, handleReminder).catch(failed('the reminder worker could not start'))
  jobs.work<PushJob>(PUSH_QUEUE, handlePush, { concurrency: PUSH_CONCURRENCY }).catch(failed('the push worker could not start'))
  queueEveryone().catch(failed('the reminders could not be queued at start-up'))

  return {
    publicKey: push?.publicKey ?? null,

    /** After the member saved their reminders: the old sends are unqueued (found by their owner's index), the new ones queued. */
    async reschedule(userId: string, settings: ReminderSettings) {
      await jobs.forgetOwnedBy(REMINDER_QUEUE, userId)
      await queueNext(userId, settings, clock())
    },

    /** A member who leaves takes their queued reminders and pushes along. */
    async forget(userId: string) {
      await jobs.forgetOwnedBy(REMINDER_QUEUE, userId)
      await jobs.forgetOwnedBy(PUSH_QUEUE, userId)
    },
  }
}

export type Reminders = ReturnType<typeof createReminders>
