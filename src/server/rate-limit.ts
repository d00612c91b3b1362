import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from './db/client'
import { rateLimits } from './db/schema'
import { ApiError } from './http'

export interface RateLimitHit {
  allowed: boolean
  /** What the window has counted so far, this hit included. */
  count: number
  /** Seconds until the current window ends. */
  retryAfter: number
}

/** No limit counts over a longer window, so a row whose window began longer ago than this is spent. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000
/** How often one server clears spent windows: often enough to keep the table small, rarely enough to cost nothing. */
export const PRUNE_EVERY_MS = 10 * 60_000
let lastPruned = Number.NEGATIVE_INFINITY

/**
 * The statement that counts a hit against a key, with placeholders `key`, `now` (when the hit happens), `since` (the
 * earliest start a window still open may have, as an ISO string) and `weight`. A window opens at the key's first hit
 * and lasts its length: windows fixed to the clock would let a guesser spend one window's allowance just before a
 * boundary and the next one just after it, twice the limit in a moment. One upsert does the read and the write, so
 * concurrent requests on a pool can't both pass the last slot. It returns the window's count and start. With `onlyIf`,
 * a table expression (a CTE of the same statement), the hit counts only when that yields a row.
 */
export function countHitStatement(db: Db, { onlyIf }: { onlyIf?: SQL } = {}) {
  const windowOpen = sql`${rateLimits.windowStart} > ${sql.placeholder('since')}::timestamptz`
  const hit = { key: sql.placeholder('key'), windowStart: sql.placeholder('now'), count: sql.placeholder('weight') }
  const insert = db.insert(rateLimits)
  return (onlyIf ? insert.select(sql`select ${hit.key}, ${hit.windowStart}::timestamptz, ${hit.count}::int from ${onlyIf}`) : insert.values(hit))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOpen} then ${rateLimits.count} + excluded.count else excluded.count end`,
        windowStart: sql`case when ${windowOpen} then ${rateLimits.windowStart} else excluded.window_start end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
}

/** The values of countHitStatement's placeholders. */
export function hitValues(key: string, windowMs: number, now: number, weight = 1) {
  return { key, now: new Date(now), since: new Date(now - windowMs).toISOString(), weight }
}

/** Each database's limiter statements, prepared once: every request that can be refused runs one. */
const statements = new WeakMap<Db, ReturnType<typeof prepareStatements>>()
function prepareStatements(db: Db) {
  return {
    hit: countHitStatement(db).prepare('rate_limit_hit'),
    read: db
      .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, sql.placeholder('key')), gt(rateLimits.windowStart, sql.placeholder('since'))))
      .prepare('rate_limit_read'),
  }
}
function prepared(db: Db) {
  let found = statements.get(db)
  if (!found) statements.set(db, (found = prepareStatements(db)))
  return found
}

/** Counts one hit (or `weight` units, e.g. a model call's tokens) against `key` and says whether its window is within `limit`. */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now(), weight = 1): Promise<RateLimitHit> {
  if (windowMs > LONGEST_WINDOW_MS) throw new Error(`A rate-limit window may last at most ${LONGEST_WINDOW_MS} ms, or pruning would end it early.`)
  if (now - lastPruned >= PRUNE_EVERY_MS) {
    lastPruned = now
    await pruneRateLimits(db, now)
  }
  const [row] = await prepared(db).hit.execute(hitValues(key, windowMs, now, weight))
  const count = row?.count ?? weight
  return { allowed: count <= limit, count, retryAfter: secondsLeft(row?.windowStart ?? new Date(now), windowMs, now) }
}

/** What `key`'s open window has counted, without counting anything. */
export async function readRateLimit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Omit<RateLimitHit, 'allowed'>> {
  const [row] = await prepared(db).read.execute({ key, since: new Date(now - windowMs).toISOString() })
  return row ? { count: row.count, retryAfter: secondsLeft(row.windowStart, windowMs, now) } : { count: 0, retryAfter: Math.ceil(windowMs / 1000) }
}

/**
 * Adds `delta` to what `key`'s window has counted, never below zero: a reservation (a model call's estimated tokens)
 * settled once the real figure is known, or given back when it was refused.
 */
export async function settleRateLimit(db: Db, key: string, delta: number) {
  if (delta === 0) return
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(0, ${rateLimits.count} + ${delta})` })
    .where(eq(rateLimits.key, key))
}

/** Seconds until the window that opened at `windowStart` closes. */
export function secondsLeft(windowStart: Date, windowMs: number, now: number) {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000))
}

/** Counts one hit and refuses the request with 429 and Retry-After past the limit. */
export async function enforceRateLimit(db: Db, key: string, limit: number, windowMs: number, message: string) {
  const hit = await hitRateLimit(db, key, limit, windowMs)
  if (!hit.allowed) throw new ApiError('RATE_LIMITED', message, { 'Retry-After': String(hit.retryAfter) })
}

/** Deletes the counters of windows that have ended; a live window is never touched. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<number> {
  const spent = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now - LONGEST_WINDOW_MS)))
    .returning({ key: rateLimits.key })
  return spent.length
}
