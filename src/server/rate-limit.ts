import { sql } from 'drizzle-orm'
import type { Db } from './db/client'
import { rateLimits } from './db/schema'

export interface RateLimitHit {
  allowed: boolean
  /** Seconds until the current window ends. */
  retryAfter: number
}

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`.
 * One upsert does the read and the write, so concurrent requests on a pool can't both pass the last slot.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitHit> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count })
  const count = row?.count ?? 1
  return { allowed: count <= limit, retryAfter: Math.ceil((windowStart.getTime() + windowMs - now) / 1000) }
}
