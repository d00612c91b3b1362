import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { progressUpdateSchema, startGoalChatSchema, tierSchema } from '~/core/goals'
import { LIMITS } from '~/core/limits'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import type { Olo } from '../../olo/engine'
import { enforceRateLimit } from '../../rate-limit'
import { achievementsOf, categories, earnedBadgeImage, goalFromChat, goalsOf, lockedBadgeImage, startGoalChat, updateProgress } from './queries'

const HOUR = 60 * 60_000
const goalParam = z.object({ id: z.uuid('That is not a goal id.') })
const badgeParam = goalParam.extend({ tier: tierSchema })
const chatParam = z.object({ conversationId: z.uuid('That is not a conversation id.') })

/** A badge is an image drawn from text the user wrote: it may run nothing and load nothing. */
const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/**
 * A badge image. The earned badge and the locked design have different addresses (docs/decisions/0057): a browser
 * keeps an image it has shown under its address for the rest of the page's life, whatever its caching headers say.
 */
function badgeResponse(c: Context<AppEnv>, svg: string, cacheControl: string) {
  return c.body(svg, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Content-Security-Policy': BADGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': cacheControl,
  })
}

/** /api/goals: life goals, the goal chat's start and its goal, progress with the tiers it earns, and badges. */
export function goalRoutes({ db, olo }: { db: Db; olo: Olo }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json({ goals: await goalsOf(db, c.get('user').id) }))
    .get('/categories', async (c) => c.json({ categories: await categories(db) }))
    .post('/chats', validate('json', startGoalChatSchema), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `goal-chats:${userId}`, LIMITS.goalChatsPerHour, HOUR, 'You have begun a lot of goal chats this hour. Please try again later.')
      return c.json(await startGoalChat(db, olo, userId, c.req.valid('json').categoryId), 201)
    })
    .get('/chats/:conversationId', validate('param', chatParam), async (c) => {
      return c.json({ goal: await goalFromChat(db, c.get('user').id, c.req.valid('param').conversationId) })
    })
    .put('/:id/progress', validate('param', goalParam), validate('json', progressUpdateSchema), async (c) => {
      return c.json(await updateProgress(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json').currentValue))
    })
    .get('/:id/badges/:tier', validate('param', badgeParam), async (c) => {
      const { id, tier } = c.req.valid('param')
      // An earned badge is drawn once and never changes; only its owner may see it, so no shared cache keeps it.
      return badgeResponse(c, await earnedBadgeImage(db, c.get('user').id, id, tier), 'private, max-age=31536000, immutable')
    })
    .get('/:id/badges/:tier/locked', validate('param', badgeParam), async (c) => {
      const { id, tier } = c.req.valid('param')
      return badgeResponse(c, await lockedBadgeImage(db, c.get('user').id, id, tier), 'private, no-cache')
    })
}

/** /api/achievements: the tiers the user has earned, newest first. */
export function achievementRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>().get('/', async (c) => c.json({ achievements: await achievementsOf(db, c.get('user').id) }))
}
