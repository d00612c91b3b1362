import { Hono } from 'hono'
import { assessmentSchema, choosePathSchema } from '~/core/journey'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { choosePath, journeyReader, pathCatalogue, saveAssessment } from './queries'

/** /api/journey: the dashboard's path, steps, points and first quest; choosing a path; the assessment. */
export function journeyRoutes({ db }: { db: Db }) {
  const journeyOf = journeyReader(db)
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await journeyOf(c.get('user').id)))
    .get('/paths', async (c) => c.json(await pathCatalogue(db, c.get('user').id)))
    .put('/path', validate('json', choosePathSchema), async (c) => {
      const userId = c.get('user').id
      await choosePath(db, userId, c.req.valid('json').path)
      return c.json(await journeyOf(userId))
    })
    .put('/assessment', validate('json', assessmentSchema), async (c) => {
      const userId = c.get('user').id
      await saveAssessment(db, userId, c.req.valid('json'))
      return c.json(await journeyOf(userId))
    })
}
