/**
 * The browser journeys' Lumin (playwright.config.ts): the app exactly as `src/server/index.ts` starts it, with the member
 * factory in front at `POST /test/members`, so a journey that is not about signing up starts signed in without the mail
 * round trip (docs/decisions/0029). The route lives only here: Lumin's own entry has no such path, and this one refuses
 * to start in production and answers only this machine.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { z } from 'zod'
import { serve } from '~/server/serve'
import { EMOTIONS } from '~/core/check-ins'
import { MOODS } from '~/core/moods'
import { DIMENSIONS } from '~/core/dimensions'
import { PATHS } from '~/core/paths'
import { timeZoneSchema } from '~/core/weekly'
import { createHistory, createMember } from './factories'

const memberRequest = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(8).max(128),
  /** false: the member exists, confirmed, and the caller stays signed out (to sign in through the screen). */
  signIn: z.boolean().default(true),
  /** The member's past, written at once (createHistory): for journeys about what Stats and the Calendar draw. */
  history: z
    .strictObject({
      timeZone: timeZoneSchema,
      days: z
        .array(
          z.strictObject({
            date: z.iso.date(),
            checkIns: z.array(z.strictObject({ mood: z.enum(MOODS), hour: z.int().min(0).max(23).optional(), emotions: z.array(z.enum(EMOTIONS)).optional(), dimensions: z.array(z.enum(DIMENSIONS)).optional() })).max(10).optional(),
            practices: z.array(z.strictObject({ path: z.enum(PATHS), hour: z.int().min(0).max(23).optional() })).max(10).optional(),
            journal: z.boolean().optional(),
          }),
        )
        .max(800),
    })
    .optional(),
})

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
function fromThisMachine(c: Context) {
  try {
    const address = getConnInfo(c).remote.address ?? ''
    return address === '::1' || /^(::ffff:)?127\./i.test(address)
  } catch {
    return false
  }
}

serve(({ app, config, database }) => {
  if (config.production) throw new Error('tests/support/e2e-server.ts makes members without mail: it is for the browser journeys, never production.')
  return new Hono()
    .post('/test/members', async (c) => {
      if (!fromThisMachine(c)) return c.json({ error: 'only this machine may make members' }, 403)
      const origin = c.req.header('origin')
      if (origin && origin !== config.appUrl) return c.json({ error: 'not from this app' }, 403)
      const body = memberRequest.safeParse(await c.req.json().catch(() => undefined))
      if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400)
      const { email, password, signIn, history } = body.data
      const member = await createMember(database.db, { email, password, signedIn: signIn, ipAddress: c.req.header('x-real-ip'), authSecret: config.authSecret })
      if (history) await createHistory(database.db, { userId: member.id, ...history })
      if (member.session) {
        // Already signed: set as it is, as Better Auth's sign-in sets it.
        setCookie(c, member.session.name, decodeURIComponent(member.session.value), { path: '/', httpOnly: true, sameSite: 'Lax', expires: member.session.expiresAt })
      }
      return c.json({ id: member.id, email: member.email }, 201)
    })
    .all('*', (c) => app.fetch(c.req.raw, c.env))
    .fetch
})
