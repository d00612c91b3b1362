import { Hono } from 'hono'
import { memberNameSchema } from '~/core/member-name'
import { saveOnboardingSchema } from '~/core/onboarding-request'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { loadProfile, saveName, saveOnboarding } from './queries'

/** /api/profile: the member's profile, what onboarding chose before signing in, and the name Olo calls them by. */
export function onboardingRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = c.get('user')
      return c.json({ email: user.email, profile: await loadProfile(db, user.id) })
    })
    .post('/onboarding', validate('json', saveOnboardingSchema), async (c) => {
      const userId = c.get('user').id
      await saveOnboarding(db, userId, c.req.valid('json'))
      return c.json({ profile: await loadProfile(db, userId) })
    })
    .put('/name', validate('json', memberNameSchema), async (c) => {
      const { name } = c.req.valid('json')
      await saveName(db, c.get('user').id, name)
      return c.json({ name })
    })
}
