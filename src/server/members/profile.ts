import type { Db, Tx } from '../db/client'
import { profiles } from '../db/schema'

/** A profile is made with the account; one made before that hook existed, or by a provider that skipped it, gets its row here. */
export async function ensureProfile(db: Db | Tx, userId: string) {
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing()
}
