import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { allZero, timeZoneSchema, weekStartOf } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { weeklyTasks } from '../../db/schema'
import { ApiError, validate } from '../../http'
import type { Olo } from '../../olo/engine'
import { orbsFor } from './orbs'
import { recapOfWeek, startOrResumeRecap } from './recap'

const weekQuery = z.object({ timeZone: timeZoneSchema })
const taskParam = z.object({ id: z.uuid('That is not a task id.') })
const taskUpdate = z.object({ done: z.boolean() })

/** /api/weekly: the weekly home (orbs, this week's recap and its tasks) and starting the recap. */
export function weeklyRoutes({ db, olo }: { db: Db; olo: Olo }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', weekQuery), async (c) => {
      const userId = c.get('user').id
      const weekStart = weekStartOf(new Date(), c.req.valid('query').timeZone)
      const [orbs, recap] = await Promise.all([orbsFor(db, userId), recapOfWeek(db, userId, weekStart)])
      return c.json({ weekStart, orbs, newcomer: allZero(orbs), recap })
    })
    .post('/recap', validate('json', weekQuery), async (c) => {
      const weekStart = weekStartOf(new Date(), c.req.valid('json').timeZone)
      return c.json({ recap: await startOrResumeRecap(db, olo, c.get('user').id, weekStart) })
    })
    .patch('/tasks/:id', validate('param', taskParam), validate('json', taskUpdate), async (c) => {
      const { done } = c.req.valid('json')
      const [task] = await db
        .update(weeklyTasks)
        .set({ status: done ? 'done' : 'pending', doneAt: done ? new Date() : null })
        .where(and(eq(weeklyTasks.id, c.req.valid('param').id), eq(weeklyTasks.userId, c.get('user').id)))
        .returning({ id: weeklyTasks.id, status: weeklyTasks.status })
      if (!task) throw new ApiError('NOT_FOUND', 'We could not find that task.')
      return c.json({ task })
    })
}
