import { Hono } from 'hono'
import { z } from 'zod'
import { completePracticeSchema, startPracticeSchema } from '~/core/journey'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import type { Olo } from '../../olo/engine'
import { enforceRateLimit } from '../../rate-limit'
import { completePractice, practiceView, startPractice } from './queries'

const HOUR = 60 * 60_000
const practiceParam = z.object({ id: z.uuid('That is not a practice id.') })

/** /api/practices: a practice begun at the threshold, read back by its exercise, and completed once. */
export function practiceRoutes({ db, olo }: { db: Db; olo: Olo }) {
  return new Hono<AppEnv>()
    .post('/', validate('json', startPracticeSchema), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `practices:${userId}`, LIMITS.practicesPerHour, HOUR, 'You have begun a lot of practices this hour. Please try again later.')
      return c.json({ practice: await startPractice(db, olo, userId, c.req.valid('json').exercise) }, 201)
    })
    .get('/:id', validate('param', practiceParam), async (c) => {
      return c.json({ practice: await practiceView(db, c.get('user').id, c.req.valid('param').id) })
    })
    .post('/:id/complete', validate('param', practiceParam), validate('json', completePracticeSchema), async (c) => {
      return c.json(await completePractice(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')))
    })
}
