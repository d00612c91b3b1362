import { sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { crisisResponseCounts } from '../db/schema'

/**
 * Adds one to today's anonymous count of crisis responses (UTC days): a date and a number, nobody and nothing else.
 * Every place that gives the help counts through here: a chat's help message, a check-in whose words sounded like a
 * crisis (docs/decisions/0055).
 */
export async function countCrisisResponse(tx: Tx) {
  await tx
    .insert(crisisResponseCounts)
    .values({ day: sql`(now() at time zone 'utc')::date`, count: 1 })
    .onConflictDoUpdate({ target: crisisResponseCounts.day, set: { count: sql`${crisisResponseCounts.count} + 1` } })
}
