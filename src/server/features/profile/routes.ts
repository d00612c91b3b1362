import { eq, isNull, and, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { memberNameSchema } from '~/core/member-name'
import { saveOnboardingSchema } from '~/core/onboarding-request'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { profiles, user as userTable } from '../../db/schema'
import { validate } from '../../http'

const profileColumns = {
  selectedPath: profiles.selectedPath,
  luminPoints: profiles.luminPoints,
  consciousnessLevel: profiles.consciousnessLevel,
  currentQuestProgress: profiles.currentQuestProgress,
  rankedDimensions: profiles.rankedDimensions,
  selectedFocus: profiles.selectedFocus,
  onboardingCompletedAt: profiles.onboardingCompletedAt,
}

async function loadProfile(db: Db, userId: string) {
  // Users made before the profile hook (or by a provider that skipped it) get their row here.
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing()
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.id, userId))
  return row!
}

export function profileRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = c.get('user')
      return c.json({ email: user.email, profile: await loadProfile(db, user.id) })
    })
    .post('/onboarding', validate('json', saveOnboardingSchema), async (c) => {
      const user = c.get('user')
      const { onboarding, path } = c.req.valid('json')
      await loadProfile(db, user.id)
      // DESIGN §7: what the newcomer chose before signing in is kept once; later devices don't overwrite it.
      if (onboarding) {
        await db
          .update(profiles)
          .set({
            rankedDimensions: onboarding.rankedDimensions,
            selectedFocus: onboarding.selectedFocus,
            onboardingCompletedAt: new Date(onboarding.completedAt),
            updatedAt: sql`now()`,
          })
          .where(and(eq(profiles.id, user.id), isNull(profiles.onboardingCompletedAt)))
      }
      if (path) {
        await db
          .update(profiles)
          .set({ selectedPath: path, pathStartedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(profiles.id, user.id), isNull(profiles.selectedPath)))
      }
      return c.json({ profile: await loadProfile(db, user.id) })
    })
    // The name Olo and the weekly home use: Better Auth's user.name is its one store (docs/decisions/0018).
    .put('/name', validate('json', memberNameSchema), async (c) => {
      const { name } = c.req.valid('json')
      await db.update(userTable).set({ name, updatedAt: new Date() }).where(eq(userTable.id, c.get('user').id))
      return c.json({ name })
    })
}
