import { eq } from 'drizzle-orm'
import type { ReminderSettings } from '~/core/reminders'
import type { Db, Tx } from '../db/client'
import { reminderSettings } from '../db/schema'

type Row = typeof reminderSettings.$inferSelect

function fromRow(row: Row): ReminderSettings {
  return {
    timeZone: row.timeZone,
    quietHours: { start: row.quietStart, end: row.quietEnd },
    channels: { push: row.push, email: row.email },
    checkIn: { on: row.checkInOn, time: row.checkInTime },
    recap: { on: row.recapOn, day: row.recapDay, time: row.recapTime },
    practice: { on: row.practiceOn, time: row.practiceTime, days: row.practiceDays },
  }
}

/** A member's reminders as they last saved them, or null when they never did (every reminder off). */
export async function storedReminderSettings(db: Db | Tx, userId: string): Promise<ReminderSettings | null> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId))
  return row ? fromRow(row) : null
}

/** Every member with at least one reminder on, with their settings: what start-up makes sure is scheduled. */
export async function membersWithReminders(db: Db) {
  const rows = await db.select().from(reminderSettings)
  return rows.filter((row) => row.checkInOn || row.recapOn || row.practiceOn).map((row) => ({ userId: row.userId, settings: fromRow(row) }))
}

export async function storeReminderSettings(db: Db, userId: string, settings: ReminderSettings) {
  const values = {
    timeZone: settings.timeZone,
    quietStart: settings.quietHours.start,
    quietEnd: settings.quietHours.end,
    push: settings.channels.push,
    email: settings.channels.email,
    checkInOn: settings.checkIn.on,
    checkInTime: settings.checkIn.time,
    recapOn: settings.recap.on,
    recapDay: settings.recap.day,
    recapTime: settings.recap.time,
    practiceOn: settings.practice.on,
    practiceTime: settings.practice.time,
    practiceDays: settings.practice.days,
  }
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: new Date() } })
    .returning()
  return fromRow(row!)
}

/** One-click unsubscribe (RFC 8058): the member's reminder mails stop; the rest of their choices stay. */
export async function stopReminderMail(db: Db, userId: string): Promise<boolean> {
  const rows = await db.update(reminderSettings).set({ email: false, updatedAt: new Date() }).where(eq(reminderSettings.userId, userId)).returning({ userId: reminderSettings.userId })
  return rows.length > 0
}
