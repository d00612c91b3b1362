import { Hono } from 'hono'
import { z } from 'zod'
import { SAFETY_PLAN_LIMITS } from '~/core/safety-plan'
import { safetyPlanLineSchema } from '~/core/safety-plan-request'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { enforceRateLimit } from '../../rate-limit'
import { keepLine, planOf, removeLine } from './queries'

const HOUR = 60 * 60_000
const lineParam = z.object({ id: z.uuid('That is not a line of a safety plan.') })
const TOO_MANY = 'You have changed your safety plan a lot just now. Please try again later.'

/** Every save of the plan counts against the member's hour, as the journal's do. */
const countWrite = (db: Db, userId: string) => enforceRateLimit(db, `safety-plan:${userId}`, SAFETY_PLAN_LIMITS.writesPerHour, HOUR, TOO_MANY)

/**
 * /api/safety-plan (docs/product.md#safety-plan): the member's own plan, read whole and saved a line at a time under the
 * device's ids. Nothing else on the server reads it: no chat, no model, no recap (docs/decisions/0053).
 */
export function safetyPlanRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await planOf(db, c.get('user').id)))
    .put('/lines/:id', validate('param', lineParam), validate('json', safetyPlanLineSchema), async (c) => {
      const userId = c.get('user').id
      await countWrite(db, userId)
      const { line, created } = await keepLine(db, userId, c.req.valid('param').id, c.req.valid('json'))
      return created ? c.json({ line }, 201) : c.json({ line }, 200)
    })
    .delete('/lines/:id', validate('param', lineParam), async (c) => {
      const userId = c.get('user').id
      await countWrite(db, userId)
      return c.json({ removed: await removeLine(db, userId, c.req.valid('param').id) })
    })
}
