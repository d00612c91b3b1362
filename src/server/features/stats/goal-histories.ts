import type { Db } from '../../db/client'

/** Placeholder until the stats-history branch lands with each goal's progress updates: no goals yet. */
export async function goalHistories(
  db: Db,
  userId: string,
  range: { from: string; to: string; timeZone: string },
): Promise<{ id: string; title: string; unit: string; targetValue: number; currentValue: number; progress: number; points: { date: string; progress: number; value: number }[] }[]> {
  await Promise.resolve([db, userId, range])
  return []
}
