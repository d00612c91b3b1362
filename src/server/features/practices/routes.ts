import { Hono } from 'hono'
import { z } from 'zod'
import { completePracticeSchema, startPracticeSchema } from '~/core/journey'
import { lateMomentProblem } from '~/core/late-arrivals'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { sendError, validate } from '../../http'
import type { Olo } from '../../olo/engine'
import { enforceRateLimit } from '../../rate-limit'
import { completePractice, ownPractice, practiceView, startPractice, startPracticeBegunOffline } from './queries'

const HOUR = 60 * 60_000
const practiceParam = z.object({ id: z.uuid('That is not a practice id.') })
const TOO_MANY = 'You have begun a lot of practices this hour. Please try again later.'

/**
 * /api/practices: a practice begun at the threshold or, later, one begun offline on the device (docs/decisions/0046),
 * read back by its exercise, and completed once.
 */
export function practiceRoutes({ db, olo }: { db: Db; olo: Olo }) {
  return new Hono<AppEnv>()
    .post('/', validate('json', startPracticeSchema), async (c) => {
      const userId = c.get('user').id
      const { exercise, offline } = c.req.valid('json')
      if (!offline) {
        await enforceRateLimit(db, `practices:${userId}`, LIMITS.practicesPerHour, HOUR, TOO_MANY)
        return c.json({ practice: await startPractice(db, olo, userId, exercise) }, 201)
      }
      const problem = lateMomentProblem('A practice', new Date(offline.at), new Date())
      if (problem) return sendError(c, 'BAD_REQUEST', `offline.at: ${problem}`)
      // A resend of a practice the server already has is answered before the limit: it begins nothing, and a device
      // sending its queue again must not be refused for it.
      const kept = await ownPractice(db, userId, offline.id)
      if (kept) return c.json({ practice: kept }, 200)
      await enforceRateLimit(db, `practices:${userId}`, LIMITS.practicesPerHour, HOUR, TOO_MANY)
      const { practice, created } = await startPracticeBegunOffline(db, userId, exercise, offline)
      return created ? c.json({ practice }, 201) : c.json({ practice }, 200)
    })
    .get('/:id', validate('param', practiceParam), async (c) => {
      return c.json({ practice: await practiceView(db, c.get('user').id, c.req.valid('param').id) })
    })
    .post('/:id/complete', validate('param', practiceParam), validate('json', completePracticeSchema), async (c) => {
      return c.json(await completePractice(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')))
    })
}
