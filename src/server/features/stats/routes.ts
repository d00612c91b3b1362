import { Hono } from 'hono'
import { z } from 'zod'
import { STATS_RANGES } from '~/core/stats'
import { timeZoneSchema } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { statsFor } from './queries'

const statsQuery = z.object({ range: z.enum(STATS_RANGES), timeZone: timeZoneSchema })

/** /api/stats: everything the Stats screen draws for one range, in one request (docs/product.md#stats). */
export function statsRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>().get('/', validate('query', statsQuery), async (c) => {
    const { range, timeZone } = c.req.valid('query')
    return c.json(await statsFor(db, c.get('user').id, range, timeZone))
  })
}
