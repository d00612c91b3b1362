import { Hono } from 'hono'
import { z } from 'zod'
import { LIMITS } from '~/core/limits'
import { isCalendarMonth, isCalendarYear, monthRange, yearRange, CALENDAR_YEARS } from '~/core/calendar'
import { timeZoneSchema } from '~/core/weekly'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { validate } from '../../http'
import { enforceRateLimit } from '../../rate-limit'
import { calendarDays, calendarItems, calendarReads } from './queries'

const MINUTE = 60_000
const TOO_MANY = 'You have turned the calendar a lot this minute. Please try again in a moment.'
const YEARS = `between ${CALENDAR_YEARS.first} and ${CALENDAR_YEARS.last}`
const monthQuery = z.object({
  month: z.string().refine(isCalendarMonth, { message: `A month is written YYYY-MM, in a year ${YEARS}.` }),
  timeZone: timeZoneSchema,
})
const yearQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, `A year is written YYYY, ${YEARS}.`)
    .transform(Number)
    .refine(isCalendarYear, { message: `A year is written YYYY, ${YEARS}.` }),
  timeZone: timeZoneSchema,
})

/**
 * /api/calendar (docs/product.md#calendar, docs/decisions/0042): one request per screen. A month answers its days and
 * everything on them, so choosing a day asks nothing more; a year answers only its days, for the year in pixels.
 */
export function calendarRoutes({ db }: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', monthQuery), async (c) => {
      const { month, timeZone } = c.req.valid('query')
      const userId = c.get('user').id
      await enforceRateLimit(db, `calendar:${userId}`, LIMITS.calendarPerMinute, MINUTE, TOO_MANY)
      const reads = calendarReads(db, userId, monthRange(month), timeZone)
      const [days, items] = await Promise.all([calendarDays(reads), calendarItems(reads)])
      return c.json({ month, days, items })
    })
    .get('/year', validate('query', yearQuery), async (c) => {
      const { year, timeZone } = c.req.valid('query')
      const userId = c.get('user').id
      await enforceRateLimit(db, `calendar:${userId}`, LIMITS.calendarPerMinute, MINUTE, TOO_MANY)
      return c.json({ year, days: await calendarDays(calendarReads(db, userId, yearRange(year), timeZone)) })
    })
}
