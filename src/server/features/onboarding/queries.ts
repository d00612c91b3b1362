import { and, eq, isNull, sql } from 'drizzle-orm'
import type { SaveOnboarding } from '~/core/onboarding-request'
import type { Db } from '../../db/client'
import { profiles, user as userTable } from '../../db/schema'
import { ensureProfile } from '../../members/profile'

const profileColumns = {
  selectedPath: profiles.selectedPath,
  luminPoints: profiles.luminPoints,
  consciousnessLevel: profiles.consciousnessLevel,
  currentQuestProgress: profiles.currentQuestProgress,
  rankedDimensions: profiles.rankedDimensions,
  selectedFocus: profiles.selectedFocus,
  onboardingCompletedAt: profiles.onboardingCompletedAt,
}

export async function loadProfile(db: Db, userId: string) {
  await ensureProfile(db, userId)
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.id, userId))
  return row!
}

/**
 * What the newcomer chose before signing in is kept once; later devices don't overwrite it
 * (docs/product.md#onboarding).
 */
export async function saveOnboarding(db: Db, userId: string, { onboarding, path }: SaveOnboarding) {
  await ensureProfile(db, userId)
  if (onboarding) {
    await db
      .update(profiles)
      .set({
        rankedDimensions: onboarding.rankedDimensions,
        selectedFocus: onboarding.selectedFocus,
        onboardingCompletedAt: new Date(onboarding.completedAt),
        updatedAt: sql`now()`,
      })
      .where(and(eq(profiles.id, userId), isNull(profiles.onboardingCompletedAt)))
  }
  if (path) {
    await db
      .update(profiles)
      .set({ selectedPath: path, pathStartedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(profiles.id, userId), isNull(profiles.selectedPath)))
  }
}

/** The name Olo and the weekly home use: Better Auth's user.name is its one store (docs/decisions/0018). */
export async function saveName(db: Db, userId: string, name: string) {
  await db.update(userTable).set({ name, updatedAt: new Date() }).where(eq(userTable.id, userId))
}
