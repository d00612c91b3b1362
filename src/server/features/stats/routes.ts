import { Hono } from 'hono'
import { z } from 'zod'
import { LIMITS } from '~/core/limits'
import { STATS_RANGES } from '~/core/stats'
import { timeZoneSchema } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { enforceRateLimit } from '../../rate-limit'
import { statsFor } from './queries'

const MINUTE = 60_000
const statsQuery = z.object({ range: z.enum(STATS_RANGES), timeZone: timeZoneSchema })

/** /api/stats: everything the Stats screen draws for one range, in one request (docs/product.md#stats). */
export function statsRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>().get('/', validate('query', statsQuery), async (c) => {
    const { range, timeZone } = c.req.valid('query')
    const userId = c.get('user').id
    await enforceRateLimit(db, `stats:${userId}`, LIMITS.statsPerMinute, MINUTE, 'You have asked for your stats a lot this minute. Please try again in a moment.')
    return c.json(await statsFor(db, userId, range, timeZone))
  })
}
