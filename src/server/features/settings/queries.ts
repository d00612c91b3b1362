import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm'
import type { PreferencesChange } from '~/core/account'
import type { Db } from '../../db/client'
import {
  account,
  achievements,
  badges,
  checkIns,
  conversations,
  dimensionSnapshots,
  goalProgressUpdates,
  goals,
  journalEntries,
  messages,
  practices,
  profiles,
  pushSubscriptions,
  rateLimits,
  reminderSends,
  reminderSettings,
  safetyPlanLines,
  session,
  speechCache,
  user,
  userAttributes,
  userProgress,
  verification,
  weeklyDimensionPriorities,
  weeklyRecaps,
  weeklyTasks,
} from '../../db/schema'

// The search column is PostgreSQL's index of the words, not something the member wrote.
const { search: _search, ...journalColumns } = getTableColumns(journalEntries)

/**
 * Every row Lumin keeps about one person, grouped by table (the keys are the tables' names), in one consistent
 * snapshot. Secrets stay out: no password hash, no session or provider token. Dates become ISO strings in JSON.
 */
export async function exportAccount(db: Db, userId: string) {
  return db.transaction(
    async (tx) => {
      // One query after another: a transaction is one connection.
      const tables = {
        user: await tx
          .select({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified, image: user.image, createdAt: user.createdAt, updatedAt: user.updatedAt })
          .from(user)
          .where(eq(user.id, userId)),
        account: await tx
          .select({ providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
          .from(account)
          .where(eq(account.userId, userId))
          .orderBy(asc(account.createdAt)),
        session: await tx
          .select({ createdAt: session.createdAt, updatedAt: session.updatedAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
          .from(session)
          .where(eq(session.userId, userId))
          .orderBy(asc(session.createdAt)),
        profiles: await tx.select().from(profiles).where(eq(profiles.id, userId)),
        conversations: await tx.select().from(conversations).where(eq(conversations.userId, userId)).orderBy(asc(conversations.createdAt)),
        messages: await tx.select().from(messages).where(eq(messages.userId, userId)).orderBy(asc(messages.seq)),
        weekly_recaps: await tx.select().from(weeklyRecaps).where(eq(weeklyRecaps.userId, userId)).orderBy(asc(weeklyRecaps.weekStart)),
        weekly_dimension_priorities: await tx
          .select()
          .from(weeklyDimensionPriorities)
          .where(eq(weeklyDimensionPriorities.userId, userId))
          .orderBy(asc(weeklyDimensionPriorities.recapId), asc(weeklyDimensionPriorities.rank)),
        weekly_tasks: await tx.select().from(weeklyTasks).where(eq(weeklyTasks.userId, userId)).orderBy(asc(weeklyTasks.createdAt)),
        practices: await tx.select().from(practices).where(eq(practices.userId, userId)).orderBy(asc(practices.startedAt)),
        user_progress: await tx.select().from(userProgress).where(eq(userProgress.userId, userId)).orderBy(asc(userProgress.completedAt)),
        user_attributes: await tx.select().from(userAttributes).where(eq(userAttributes.userId, userId)).orderBy(asc(userAttributes.attributeKey)),
        goals: await tx.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.createdAt)),
        goal_progress_updates: await tx
          .select()
          .from(goalProgressUpdates)
          .where(eq(goalProgressUpdates.userId, userId))
          .orderBy(asc(goalProgressUpdates.createdAt)),
        dimension_snapshots: await tx.select().from(dimensionSnapshots).where(eq(dimensionSnapshots.userId, userId)).orderBy(asc(dimensionSnapshots.weekStart)),
        achievements: await tx.select().from(achievements).where(eq(achievements.userId, userId)).orderBy(asc(achievements.earnedAt)),
        badges: await tx.select().from(badges).where(eq(badges.userId, userId)).orderBy(asc(badges.createdAt)),
        check_ins: await tx.select().from(checkIns).where(eq(checkIns.userId, userId)).orderBy(asc(checkIns.checkedInAt)),
        journal_entries: await tx
          .select(journalColumns)
          .from(journalEntries)
          .where(eq(journalEntries.userId, userId))
          .orderBy(asc(journalEntries.createdAt)),
        // What Olo's voice recorded for them, without the audio: a file to read, not a copy of every recording.
        speech_cache: await tx
          .select({ createdAt: speechCache.createdAt, bytes: speechCache.bytes, contentType: speechCache.contentType })
          .from(speechCache)
          .where(eq(speechCache.userId, userId))
          .orderBy(asc(speechCache.createdAt)),
        reminder_settings: await tx.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)),
        // The devices reminders reach, without the browsers' encryption keys.
        push_subscriptions: await tx
          .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt)),
        reminder_sends: await tx.select().from(reminderSends).where(eq(reminderSends.userId, userId)).orderBy(asc(reminderSends.sentAt)),
        safety_plan_lines: await tx
          .select()
          .from(safetyPlanLines)
          .where(eq(safetyPlanLines.userId, userId))
          .orderBy(asc(safetyPlanLines.step), asc(safetyPlanLines.position), asc(safetyPlanLines.createdAt)),
      }
      return { exportedAt: new Date(), tables }
    },
    // One point in time: a practice finished during the export appears with its progress or not at all.
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

const preferenceColumns = { journalInRecap: profiles.journalInRecap, showStreaks: profiles.showStreaks, helpCountry: profiles.helpCountry }

/** The member's choices in Settings; a member who never chose has the defaults. */
export async function preferencesOf(db: Db, userId: string) {
  const [row] = await db.select(preferenceColumns).from(profiles).where(eq(profiles.id, userId))
  return row ?? { journalInRecap: false, showStreaks: true, helpCountry: null }
}

/** Sets the preferences named, leaving the others as they are. */
export async function setPreferences(db: Db, userId: string, preferences: PreferencesChange) {
  // A member who skipped onboarding has no profile yet: the choice makes one.
  const [row] = await db
    .insert(profiles)
    .values({ id: userId, ...preferences })
    .onConflictDoUpdate({ target: profiles.id, set: { ...preferences, updatedAt: new Date() } })
    .returning(preferenceColumns)
  return row!
}

/**
 * Deletes the person and everything they own, in one transaction. Their own tables go with the user row (every owner
 * column cascades, sessions and the audio Olo's voice recorded for them included); rows that name them without a
 * foreign key go explicitly: rate-limit counters kept under their id or address, and pending password-reset tokens.
 */
export async function deleteAccount(db: Db, { id, email }: { id: string; email: string }) {
  const byId = `:${id}`
  const byEmail = `:email:${email.toLowerCase()}`
  await db.transaction(async (tx) => {
    await tx
      .delete(rateLimits)
      .where(or(sql`right(${rateLimits.key}, ${byId.length}) = ${byId}`, sql`right(${rateLimits.key}, ${byEmail.length}) = ${byEmail}`))
    await tx.delete(verification).where(eq(verification.value, id))
    await tx.delete(user).where(eq(user.id, id))
  })
}
