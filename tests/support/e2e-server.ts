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
import { createMember } from './factories'

const memberRequest = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(8).max(128),
  /** false: the member exists, confirmed, and the caller stays signed out (to sign in through the screen). */
  signIn: z.boolean().default(true),
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
      const { email, password, signIn } = body.data
      const member = await createMember(database.db, { email, password, signedIn: signIn, ipAddress: c.req.header('x-real-ip'), authSecret: config.authSecret })
      if (member.session) {
        // Already signed: set as it is, as Better Auth's sign-in sets it.
        setCookie(c, member.session.name, decodeURIComponent(member.session.value), { path: '/', httpOnly: true, sameSite: 'Lax', expires: member.session.expiresAt })
      }
      return c.json({ id: member.id, email: member.email }, 201)
    })
    .all('*', (c) => app.fetch(c.req.raw, c.env))
    .fetch
})
