import { Hono } from 'hono'
import { z } from 'zod'
import { checkInDetailsSchema, newCheckInSchema } from '~/core/check-in-request'
import { checkInMomentProblem, checkInWords } from '~/core/check-ins'
import { LIMITS } from '~/core/limits'
import { timeZoneSchema } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { sendError, validate } from '../../http'
import type { CrisisReader } from '../../olo/crisis-reader'
import { enforceRateLimit } from '../../rate-limit'
import { checkInsOfToday, createCheckIn, heardAsCrisis, updateCheckIn } from './queries'

const DAY = 24 * 60 * 60_000
const checkInParam = z.object({ id: z.uuid('That is not a check-in id.') })
const todayQuery = z.object({ timeZone: timeZoneSchema })
const TOO_MANY = 'You have checked in a lot today. Please try again tomorrow.'

/**
 * /api/check-ins: the daily check-in (docs/product.md#check-in), today's for the card, and changing one. A check-in is
 * stored first; where a model provider is configured its classifier then reads the words the deterministic check let
 * through (docs/decisions/0051, 0055).
 */
export function checkInRoutes({ db, crisis }: { db: Db; crisis: CrisisReader }) {
  const heard = async (userId: string, checkIn: Awaited<ReturnType<typeof updateCheckIn>>) =>
    !checkIn.crisis && (await crisis.message(userId, checkInWords(checkIn))) ? ((await heardAsCrisis(db, userId, checkIn.id)) ?? { ...checkIn, crisis: true }) : checkIn
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
      const stored = await createCheckIn(db, userId, input)
      const checkIn = await heard(userId, stored.checkIn)
      return stored.created ? c.json({ checkIn }, 201) : c.json({ checkIn }, 200)
    })
    .patch('/:id', validate('param', checkInParam), validate('json', checkInDetailsSchema), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `check-ins:${userId}`, LIMITS.checkInWritesPerDay, DAY, TOO_MANY)
      return c.json({ checkIn: await heard(userId, await updateCheckIn(db, userId, c.req.valid('param').id, c.req.valid('json'))) })
    })
}
