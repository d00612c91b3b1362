import { and, asc, eq, ne, or, isNull, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { assessmentSchema, choosePathSchema } from '~/core/journey'
import { isPathName } from '~/core/paths'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { paths, profiles } from '../../db/schema'
import { validate } from '../../http'
import { ensureProfile, exercisesOfPath, journeyReader } from './queries'

/** /api/journey: the dashboard's path, steps, points and first quest; choosing a path; the assessment. */
export function journeyRoutes({ db }: { db: Db }) {
  const journeyOf = journeyReader(db)
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await journeyOf(c.get('user').id)))
    .get('/paths', async (c) => {
      const rows = await db.select({ key: paths.key, title: paths.title, description: paths.description }).from(paths).orderBy(asc(paths.id))
      const catalogue = await Promise.all(
        rows.flatMap((path) => (isPathName(path.key) ? [{ ...path, key: path.key }] : [])).map(async (path) => ({
          ...path,
          exercises: (await exercisesOfPath(db, path.key)).map(({ number, name, gameType }) => ({ number, name, gameType })),
        })),
      )
      // Only the chosen path's name: the steps and points of the whole journey aren't needed here.
      const [profile] = await db.select({ selectedPath: profiles.selectedPath }).from(profiles).where(eq(profiles.id, c.get('user').id))
      const current = profile?.selectedPath && isPathName(profile.selectedPath) ? profile.selectedPath : null
      return c.json({ paths: catalogue, current })
    })
    .put('/path', validate('json', choosePathSchema), async (c) => {
      const userId = c.get('user').id
      const { path } = c.req.valid('json')
      await ensureProfile(db, userId)
      // DESIGN §7 'Path switching': a new path starts from exercise 1 and the quest from 0; points stay. Choosing the
      // path one is already on changes nothing, so a stray tap can't wipe progress.
      await db
        .update(profiles)
        .set({ selectedPath: path, pathStartedAt: sql`now()`, currentQuestProgress: 0, updatedAt: sql`now()` })
        .where(and(eq(profiles.id, userId), or(isNull(profiles.selectedPath), ne(profiles.selectedPath, path))))
      return c.json(await journeyOf(userId))
    })
    .put('/assessment', validate('json', assessmentSchema), async (c) => {
      const userId = c.get('user').id
      const { focused, energised, calm } = c.req.valid('json')
      await ensureProfile(db, userId)
      await db
        .update(profiles)
        .set({ assessmentScore1: focused, assessmentScore2: energised, assessmentScore3: calm, updatedAt: sql`now()` })
        .where(eq(profiles.id, userId))
      return c.json(await journeyOf(userId))
    })
}
