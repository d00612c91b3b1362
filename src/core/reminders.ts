import { z } from 'zod'
import { addDays, instantAt, isoWeekdayOf, minutesOf, wallClockOf } from './local-time'
import { PATH_INFO, type GameType, type PathName } from './paths'
import { timeZoneSchema } from './weekly'

// ---------------------------------------------------------------------------
// Reminders (docs/product.md#reminders, docs/decisions/0043)
// ---------------------------------------------------------------------------

/** The three reminders, by the names stored with every send. */
export const REMINDER_KINDS = ['check-in', 'recap', 'practice'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

const REMINDER_NAMES: Record<ReminderKind, string> = { 'check-in': 'Daily check-in', recap: 'Weekly recap', practice: 'Practice' }

/** Days of the week, Monday first as the week is (docs/product.md#weekly-recap); position + 1 is the ISO weekday. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use a time like 08:30.' })
const weekdaySchema = z.enum(WEEKDAYS)

/** Quiet hours wrap past midnight when they end earlier than they start; equal ends mean there are none. */
export function inQuietHours(minutes: number, quiet: { start: string; end: string }): boolean {
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  if (start === end) return false
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end
}

/**
 * A member's reminders as Settings → Reminders shows them. A reminder's time may not fall in quiet hours: it is refused
 * here, with words saying why, rather than silently moved (docs/decisions/0043).
 */
export const reminderSettingsSchema = z
  .object({
    timeZone: timeZoneSchema,
    quietHours: z.object({ start: timeSchema, end: timeSchema }),
    channels: z.object({ push: z.boolean(), email: z.boolean() }),
    checkIn: z.object({ on: z.boolean(), time: timeSchema }),
    recap: z.object({ on: z.boolean(), day: weekdaySchema, time: timeSchema }),
    practice: z.object({ on: z.boolean(), time: timeSchema, days: z.array(weekdaySchema).max(WEEKDAYS.length) }),
  })
  .superRefine((settings, ctx) => {
    const { quietHours } = settings
    for (const key of ['checkIn', 'recap', 'practice'] as const) {
      const reminder = settings[key]
      if (reminder.on && inQuietHours(minutesOf(reminder.time), quietHours)) {
        ctx.addIssue({
          code: 'custom',
          path: [key, 'time'],
          message: `${REMINDER_NAMES[KIND_OF[key]]} at ${reminder.time} falls in your quiet hours (${quietHours.start}–${quietHours.end}). Choose a time outside them.`,
        })
      }
    }
    if (new Set(settings.practice.days).size !== settings.practice.days.length) {
      ctx.addIssue({ code: 'custom', path: ['practice', 'days'], message: 'Each day once, please.' })
    }
    if (settings.practice.on && settings.practice.days.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['practice', 'days'], message: 'Choose at least one day for Practice.' })
    }
    const anyOn = settings.checkIn.on || settings.recap.on || settings.practice.on
    if (anyOn && !settings.channels.push && !settings.channels.email) {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: 'Choose Push or Email, or both, so your reminders can reach you.' })
    }
  })

export type ReminderSettings = z.infer<typeof reminderSettingsSchema>

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: a push service's https endpoint (RFC 8030),
 * the browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret, both base64url (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, message: 'A push endpoint is an https URL.' })
    .max(1000),
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'Not a P-256 public key in base64url.' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: 'Not a 16-byte auth secret in base64url.' }),
  }),
})

/**
 * Whether a push endpoint's host is a push service on the internet: a DNS name of the public kind, not an address
 * literal, `localhost` or a name only a private network resolves. In production the server posts to every endpoint it
 * keeps, so a member must not be able to point it at the operator's own network (docs/decisions/0043).
 */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return false
  return !/(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/.test(host)
}

/** The settings' key of each reminder. */
const KEY_OF = { 'check-in': 'checkIn', recap: 'recap', practice: 'practice' } as const satisfies Record<ReminderKind, keyof ReminderSettings>
const KIND_OF = { checkIn: 'check-in', recap: 'recap', practice: 'practice' } as const satisfies Record<(typeof KEY_OF)[ReminderKind], ReminderKind>

/** A member who never chose: every reminder off, quiet from 22:00 to 08:00 (docs/product.md#reminders). */
export function defaultReminderSettings(timeZone: string): ReminderSettings {
  return {
    timeZone,
    quietHours: { start: '22:00', end: '08:00' },
    channels: { push: false, email: true },
    checkIn: { on: false, time: '09:00' },
    recap: { on: false, day: 'sun', time: '18:00' },
    practice: { on: false, time: '18:30', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
  }
}

/** The weekdays a reminder comes on, as ISO weekdays (1 is Monday). */
function weekdaysOf(settings: ReminderSettings, kind: ReminderKind): Set<number> {
  if (kind === 'check-in') return new Set([1, 2, 3, 4, 5, 6, 7])
  if (kind === 'recap') return new Set([WEEKDAYS.indexOf(settings.recap.day) + 1])
  return new Set(settings.practice.days.map((day) => WEEKDAYS.indexOf(day) + 1))
}

/** One send of a reminder: when, and the member's calendar date it belongs to (the key that makes it happen once). */
export interface Occurrence {
  at: Date
  date: string
}

/**
 * The first send of a reminder strictly after `after`, or null when it is off. The time is the member's wall-clock
 * time in their zone on each chosen day, whatever the offset that day: a time the clock skips on a spring-forward
 * night comes as late as the gap is long, a time it shows twice comes the first time (docs/decisions/0043). A send that
 * would still land in quiet hours (a gap pushed it there) waits for their end.
 */
export function nextOccurrence(settings: ReminderSettings, kind: ReminderKind, after: Date): Occurrence | null {
  const reminder = settings[KEY_OF[kind]]
  if (!reminder.on) return null
  const days = weekdaysOf(settings, kind)
  if (days.size === 0) return null
  const { timeZone, quietHours } = settings
  // From the day before: a gap can carry the previous day's send past midnight, never further.
  const first = addDays(wallClockOf(after, timeZone).date, -1)
  for (let i = 0; i <= 8; i++) {
    const date = addDays(first, i)
    if (!days.has(isoWeekdayOf(date))) continue
    let at = instantAt(date, reminder.time, timeZone)
    const wall = wallClockOf(at, timeZone)
    if (inQuietHours(wall.minutes, quietHours)) {
      const end = instantAt(wall.date, quietHours.end, timeZone)
      at = end > at ? end : instantAt(addDays(wall.date, 1), quietHours.end, timeZone)
    }
    if (at > after) return { at, date }
  }
  return null
}

/** What the member has already done that the reminder would invite them to. */
export interface AlreadyDone {
  /** Checked in on the occurrence's date. */
  checkedIn: boolean
  /** Finished the recap of the occurrence's week. */
  recapDone: boolean
  /** Completed a practice on the occurrence's date. */
  practised: boolean
}

/** A reminder is not sent when its point has already happened: nobody is reminded of what they just did. */
export function alreadyHappened(kind: ReminderKind, done: AlreadyDone): boolean {
  if (kind === 'check-in') return done.checkedIn
  if (kind === 'recap') return done.recapDone
  return done.practised
}

/** How long a practice of each kind takes with its threshold, in the words a reminder uses; others take "a few minutes". */
const PRACTICE_LENGTH: Partial<Record<GameType, string>> = { breathing: 'Two minutes', focus: 'Four minutes', movement: 'Five minutes', meditation: 'Five minutes' }

export interface ReminderMessage {
  title: string
  body: string
  /** The screen a tap opens, a path of the app. */
  url: string
}

/** The practice a practice reminder invites to: the next one on the member's path, when they follow one. */
export interface NextPractice {
  path: PathName
  number: number
  name: string
  gameType: GameType
}

/**
 * A reminder's words: kind and specific, an invitation, never a reproach (docs/product.md#reminders). Push shows the
 * title and body; the mail says the same.
 */
export function reminderMessage(kind: ReminderKind, next: NextPractice | null): ReminderMessage {
  if (kind === 'check-in') return { title: 'How are you today?', body: 'A quick check-in takes a few seconds. Olo is glad to hear from you.', url: '/weekly-dashboard' }
  if (kind === 'recap') return { title: 'Your week, together with Olo', body: 'Ten calm minutes to look back on your week and choose what matters next.', url: '/recap-conversation' }
  if (!next) return { title: 'A moment for yourself?', body: 'A short practice is waiting for you whenever you are ready.', url: '/dashboard' }
  const length = PRACTICE_LENGTH[next.gameType] ?? 'A few minutes'
  return { title: `${length} of ${next.name}?`, body: `Your ${PATH_INFO[next.path].title} path is waiting.`, url: `/threshold/${next.number}` }
}
