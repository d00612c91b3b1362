import { and, count, eq, sql } from 'drizzle-orm'
import { LIMITS } from '~/core/limits'
import type { z } from 'zod'
import type { pushSubscriptionSchema } from '~/core/reminders'
import type { Db } from '../../db/client'
import { pushSubscriptions } from '../../db/schema'
import { ApiError } from '../../http'

/**
 * Keeps a browser's subscription for the member. An endpoint is one browser's: when someone else signs in there and
 * subscribes, it becomes theirs, so the first member's reminders stop arriving on a device that is no longer theirs.
 * The member's devices are counted under a lock of their subscriptions, so subscriptions sent together can't pass the
 * limit between the count and the insert.
 */
export async function keepPushSubscription(db: Db, userId: string, subscription: z.infer<typeof pushSubscriptionSchema>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-subscriptions:${userId}`}))`)
    const [held] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    const [known] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, subscription.endpoint)))
    if (!known && held!.n >= LIMITS.pushSubscriptionsPerMember) {
      throw new ApiError('BAD_REQUEST', `Reminders can reach at most ${LIMITS.pushSubscriptionsPerMember} devices. Turn them off on one you no longer use.`)
    }
    const values = { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt })
    return { id: row!.id, createdAt: row!.createdAt.toISOString() }
  })
}

/** Forgets one of the member's subscriptions; 404 for anyone else's. */
export async function dropPushSubscription(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  if (rows.length === 0) throw new ApiError('NOT_FOUND', 'There is no such push subscription.')
}

/** How many devices the member's reminders reach by push. */
export async function pushDevices(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  return row!.n
}
