import { Hono } from 'hono'
import { z } from 'zod'
import { allZero, timeZoneSchema, weekStartOf } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import type { Olo } from '../../olo/engine'
import { keepWeekOrbs, orbsFor, recapOfWeek, startOrResumeRecap, tickTask } from './queries'

const weekQuery = z.object({ timeZone: timeZoneSchema })
const taskParam = z.object({ id: z.uuid('That is not a task id.') })
const taskUpdate = z.object({ done: z.boolean() })

/** /api/weekly: the weekly home (orbs, kept as the week's snapshot; this week's recap and its tasks) and starting the recap. */
export function weeklyRoutes({ db, olo }: { db: Db; olo: Olo }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', weekQuery), async (c) => {
      const userId = c.get('user').id
      const weekStart = weekStartOf(new Date(), c.req.valid('query').timeZone)
      const [orbs, recap] = await Promise.all([orbsFor(db, userId), recapOfWeek(db, userId, weekStart)])
      await keepWeekOrbs(db, userId, weekStart, orbs)
      return c.json({ weekStart, orbs, newcomer: allZero(orbs), recap })
    })
    .post('/recap', validate('json', weekQuery), async (c) => {
      const weekStart = weekStartOf(new Date(), c.req.valid('json').timeZone)
      return c.json({ recap: await startOrResumeRecap(db, olo, c.get('user').id, weekStart) })
    })
    .patch('/tasks/:id', validate('param', taskParam), validate('json', taskUpdate), async (c) => {
      const task = await tickTask(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json').done)
      return c.json({ task })
    })
}
