import { Hono } from 'hono'
import { z } from 'zod'
import { checkInDetailsSchema, newCheckInSchema } from '~/core/check-in-request'
import { checkInMomentProblem } from '~/core/check-ins'
import { LIMITS } from '~/core/limits'
import { timeZoneSchema } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { sendError, validate } from '../../http'
import { enforceRateLimit } from '../../rate-limit'
import { checkInsOfToday, createCheckIn, updateCheckIn } from './queries'

const DAY = 24 * 60 * 60_000
const checkInParam = z.object({ id: z.uuid('That is not a check-in id.') })
const todayQuery = z.object({ timeZone: timeZoneSchema })
const TOO_MANY = 'You have checked in a lot today. Please try again tomorrow.'

/** /api/check-ins: the daily check-in (docs/product.md#check-in), today's for the card, and changing one. */
export function checkInRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', todayQuery), async (c) => {
      return c.json(await checkInsOfToday(db, c.get('user').id, c.req.valid('query').timeZone))
    })
    .post('/', validate('json', newCheckInSchema), async (c) => {
      const userId = c.get('user').id
      const input = c.req.valid('json')
      const problem = checkInMomentProblem(input.at, new Date())
      if (problem) return sendError(c, 'BAD_REQUEST', `at: ${problem}`)
      await enforceRateLimit(db, `check-ins:${userId}`, LIMITS.checkInWritesPerDay, DAY, TOO_MANY)
      const { checkIn, created } = await createCheckIn(db, userId, input)
      return created ? c.json({ checkIn }, 201) : c.json({ checkIn }, 200)
    })
    .patch('/:id', validate('param', checkInParam), validate('json', checkInDetailsSchema), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `check-ins:${userId}`, LIMITS.checkInWritesPerDay, DAY, TOO_MANY)
      return c.json({ checkIn: await updateCheckIn(db, userId, c.req.valid('param').id, c.req.valid('json')) })
    })
}
