/**
 * The test factories (docs/decisions/0029): members written straight into the database, as Better Auth would have
 * written them after a sign-up, a confirmation and a password sign-in, with no mail. Shared by the server tests
 * (`signedInClient` in tests/support/server.ts), the browser journeys' server (tests/support/e2e-server.ts) and the
 * bench's seed (scripts/bench/seed.ts), which takes the cookie signing and the password hash from here.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { generateId } from 'better-auth'
import { hashPassword } from 'better-auth/crypto'
import { emailLocalPart } from '~/core/auth'
import type { Emotion } from '~/core/check-ins'
import type { Mood } from '~/core/moods'
import type { Dimension } from '~/core/dimensions'
import { LIMITS } from '~/core/limits'
import { instantAt } from '~/core/local-time'
import type { PathName } from '~/core/paths'
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { goalProgress, goalStatus } from '~/core/goals'
import { account, checkIns, goalProgressUpdates, goals, journalEntries, levels, pathExercises, paths, practices, profiles, session, user } from '~/server/db/schema'

const DAY_MS = 24 * 60 * 60 * 1000

/** Better Auth's session cookie's name: production's secure cookies carry the `__Secure-` prefix (docs/decisions/0027). */
function sessionCookieName(production: boolean) {
  return `${production ? '__Secure-' : ''}better-auth.session_token`
}

/**
 * The session cookie's value as Better Auth signs it (docs/decisions/0027): the token, a dot and the token's
 * HMAC-SHA256 under the auth secret in base64 with its padding, URI-encoded.
 */
function signedSessionValue(token: string, authSecret: string) {
  return encodeURIComponent(`${token}.${createHmac('sha256', authSecret).update(token).digest('base64')}`)
}

/** The Cookie header a browser signed in with this session token sends. */
export function sessionCookie(token: string, authSecret: string, { production = false }: { production?: boolean } = {}) {
  return `${sessionCookieName(production)}=${signedSessionValue(token, authSecret)}`
}

const hashes = new Map<string, Promise<string>>()

/**
 * The password's hash as Better Auth makes it (its scrypt `hashPassword`), made once per password and process: a hash
 * takes tens of milliseconds on purpose, and any salt verifies, so members sharing a password may share one.
 */
export function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) hashes.set(password, (hash = hashPassword(password)))
  return hash
}

export interface MemberOptions {
  email: string
  password: string
  /** Whether the member is signed in: a session row, and its cookie to send. */
  signedIn?: boolean
  /** Where the session says it was made, as Better Auth records it from the trusted address header. */
  ipAddress?: string
  production?: boolean
  authSecret: string
}

export interface Member {
  id: string
  email: string
  name: string
  /** The Cookie header of the member's session, or null when not signed in. */
  cookie: string | null
  /** The session cookie's name and signed value, for a Set-Cookie or a browser's cookie store. */
  session: { name: string; value: string; expiresAt: Date } | null
}

/**
 * A member with a confirmed address and a password that signs in, as the app's own sign-up, confirmation and sign-in
 * leave one: the user named after the address's local part, the credential account, the empty profile Better Auth's
 * hook adds, and, when signed in, a live session and the password marked as having signed someone in. One transaction.
 */
export async function createMember(db: Db, options: MemberOptions): Promise<Member> {
  const email = options.email.trim().toLowerCase()
  // As src/server/auth/auth.ts names a new user: the address's local part, at most 64 characters.
  const name = emailLocalPart(email).slice(0, 64)
  const signedIn = options.signedIn !== false
  const id = generateId()
  const hash = await passwordHash(options.password)
  const now = new Date()
  const token = generateId(32)
  const expiresAt = new Date(now.getTime() + LIMITS.sessionSlidingDays * DAY_MS)
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name, email, emailVerified: true, createdAt: now, updatedAt: now })
    await tx.insert(account).values({ id: generateId(), accountId: id, providerId: 'credential', userId: id, password: hash, passwordSignedInAt: signedIn ? now : null, createdAt: now, updatedAt: now })
    await tx.insert(profiles).values({ id })
    if (signedIn) {
      await tx.insert(session).values({ id: generateId(), token, userId: id, expiresAt, ipAddress: options.ipAddress ?? '', userAgent: '', createdAt: now, updatedAt: now })
    }
  })
  if (!signedIn) return { id, email, name, cookie: null, session: null }
  const production = options.production ?? false
  return {
    id,
    email,
    name,
    cookie: sessionCookie(token, options.authSecret, { production }),
    session: { name: sessionCookieName(production), value: signedSessionValue(token, options.authSecret), expiresAt },
  }
}

/**
 * Someone who has an account and nothing else yet: a member never signed in, for tests that need many people in a
 * crowd (a category's cohort) rather than one to act as.
 */
export async function createBystander(db: Db, label: string) {
  return createMember(db, { email: `${label}-${generateId(8).toLowerCase()}@example.com`, password: 'a-bystander-password', signedIn: false, authSecret: '' })
}

export interface GoalOptions {
  userId: string
  categoryId: number
  title?: string
  targetValue?: number
  unit?: string
  /** When the goal was made (a history's older goal); now by default. */
  createdAt?: Date
}

/**
 * A goal as a finished goal chat leaves it, without the chat: in progress at 0, due in 60 days. For tests about what
 * happens to goals, not about how they are made (those talk with Olo).
 */
export async function createGoal(db: Db, { userId, categoryId, title = 'Walk every day', targetValue = 100, unit = 'steps', createdAt = new Date() }: GoalOptions) {
  const targetDate = new Date(Date.now() + 60 * DAY_MS).toISOString().slice(0, 10)
  const [goal] = await db
    .insert(goals)
    .values({ userId, categoryId, title, description: 'A little further each week.', targetValue, unit, targetDate, createdAt })
    .returning({ id: goals.id, userId: goals.userId, categoryId: goals.categoryId, targetValue: goals.targetValue })
  return goal!
}

/** One local day of a member's history: what they checked in and practised that day, and whether they wrote. */
export interface HistoryDay {
  /** The member's calendar date, YYYY-MM-DD. */
  date: string
  checkIns?: readonly { mood: Mood; hour?: number; emotions?: readonly Emotion[]; dimensions?: readonly Dimension[] }[]
  practices?: readonly { path: PathName; hour?: number }[]
  journal?: boolean
  /** Progress updates of the member's goals that day, as PUT /api/goals/:id/progress keeps them. */
  goalUpdates?: readonly { goalId: string; currentValue: number; hour?: number }[]
}

/**
 * A member's past written straight into the database, day by day in their time zone: check-ins, practices completed
 * on a path (each worth 10 points, as a first completion is), journal entries and goals' progress updates (each goal is
 * left at its last). For Stats, the Calendar and the bench, which need months of history a test can't click through.
 */
export async function createHistory(db: Db, { userId, timeZone, days }: { userId: string; timeZone: string; days: readonly HistoryDay[] }) {
  const firstExercises = await db
    .selectDistinctOn([paths.key], { path: paths.key, pathExerciseId: pathExercises.id })
    .from(pathExercises)
    .innerJoin(levels, eq(levels.id, pathExercises.levelId))
    .innerJoin(paths, eq(paths.id, levels.pathId))
    .orderBy(paths.key, levels.levelNumber, pathExercises.exerciseNumberInLevel)
  const exerciseOf = new Map(firstExercises.map((row) => [row.path, row.pathExerciseId]))
  const checkInRows: (typeof checkIns.$inferInsert)[] = []
  const practiceRows: (typeof practices.$inferInsert)[] = []
  const entryRows: (typeof journalEntries.$inferInsert)[] = []
  const updateRows: (typeof goalProgressUpdates.$inferInsert & { createdAt: Date })[] = []
  const targets = new Map((await db.select({ id: goals.id, targetValue: goals.targetValue }).from(goals).where(eq(goals.userId, userId))).map((g) => [g.id, g.targetValue]))
  for (const day of days) {
    for (const checkIn of day.checkIns ?? []) {
      const at = instantAt(day.date, (checkIn.hour ?? 9) * 60, timeZone)
      checkInRows.push({ id: randomUUID(), userId, mood: checkIn.mood, emotions: [...(checkIn.emotions ?? [])], dimensions: [...(checkIn.dimensions ?? [])], checkedInAt: at, localDate: day.date, timeZone, createdAt: at, updatedAt: at })
    }
    for (const practice of day.practices ?? []) {
      const completedAt = instantAt(day.date, (practice.hour ?? 8) * 60, timeZone)
      const pathExerciseId = exerciseOf.get(practice.path)
      if (pathExerciseId === undefined) throw new Error(`No exercise is seeded on the ${practice.path} path.`)
      practiceRows.push({ userId, pathExerciseId, path: practice.path, startedAt: new Date(completedAt.getTime() - 5 * 60_000), completedAt, pointsAwarded: 10 })
    }
    for (const update of day.goalUpdates ?? []) {
      const target = targets.get(update.goalId)
      if (target === undefined) throw new Error(`The member has no goal ${update.goalId}.`)
      const createdAt = instantAt(day.date, (update.hour ?? 20) * 60, timeZone)
      updateRows.push({ userId, goalId: update.goalId, currentValue: update.currentValue, progress: goalProgress(update.currentValue, target), createdAt })
    }
    if (day.journal) {
      const at = instantAt(day.date, 21 * 60, timeZone)
      entryRows.push({ id: randomUUID(), userId, body: `What stayed with me on ${day.date}.`, localDate: day.date, createdAt: at, updatedAt: at })
    }
  }
  await db.transaction(async (tx) => {
    // In slices: one statement's parameters are capped at 65,535.
    for (let i = 0; i < checkInRows.length; i += 1000) await tx.insert(checkIns).values(checkInRows.slice(i, i + 1000))
    for (let i = 0; i < practiceRows.length; i += 1000) await tx.insert(practices).values(practiceRows.slice(i, i + 1000))
    for (let i = 0; i < entryRows.length; i += 1000) await tx.insert(journalEntries).values(entryRows.slice(i, i + 1000))
    for (let i = 0; i < updateRows.length; i += 1000) await tx.insert(goalProgressUpdates).values(updateRows.slice(i, i + 1000))
    const last = new Map<string, (typeof updateRows)[number]>()
    for (const row of updateRows) if ((last.get(row.goalId)?.createdAt ?? 0) <= row.createdAt) last.set(row.goalId, row)
    for (const row of last.values()) {
      const status = goalStatus(row.progress)
      await tx
        .update(goals)
        .set({ currentValue: row.currentValue, progress: row.progress, status, completedAt: status === 'completed' ? row.createdAt : null, movedAt: row.createdAt })
        .where(eq(goals.id, row.goalId))
    }
  })
}
