import { Hono } from 'hono'
import { z } from 'zod'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import type { Olo } from '../../olo/engine'
import { enforceRateLimit } from '../../rate-limit'
import { reflectionView, startOrResumeReflection } from './reflection'

const HOUR = 60 * 60_000
const entryParam = z.object({ entryId: z.uuid('That is not a journal entry id.') })

/**
 * /api/reflections/:entryId: Reflect with Olo on one of the member's journal entries (docs/product.md#journal). POST
 * starts the reflection, or resumes the one still open; GET reads it back, for a screen reloaded mid-way or after.
 */
export function reflectionRoutes({ db, olo }: { db: Db; olo: Olo }) {
  return new Hono<AppEnv>()
    .get('/:entryId', validate('param', entryParam), async (c) => {
      return c.json({ reflection: await reflectionView(db, c.get('user').id, c.req.valid('param').entryId) })
    })
    .post('/:entryId', validate('param', entryParam), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `reflections:${userId}`, LIMITS.reflectionsPerHour, HOUR, 'You have begun a lot of reflections this hour. Please try again later.')
      const { started, view } = await startOrResumeReflection(db, olo, userId, c.req.valid('param').entryId)
      return c.json({ reflection: view }, started ? 201 : 200)
    })
}
