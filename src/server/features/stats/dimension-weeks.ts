import type { OrbScores } from '~/core/weekly'
import type { Db } from '../../db/client'

/**
 * Placeholder until the stats-history branch lands with the real weekly snapshots and their reconstruction: no weeks
 * yet, so the Dimensions section shows its empty state.
 */
export async function dimensionWeeks(db: Db, userId: string, range: { from: string; to: string; timeZone: string }, now?: Date): Promise<{ weekStart: string; scores: OrbScores; kept: boolean }[]> {
  await Promise.resolve([db, userId, range, now])
  return []
}
