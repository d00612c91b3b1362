import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '~/server/app'
import { createAuth } from '~/server/auth/auth'
import { session, user } from '~/server/db/schema'
import { createLogger } from '~/server/logger'
import { createMember, sessionCookie } from '~test/support/factories'
import { APP_URL, createTestServer, signedInAs, TEST_PASSWORD } from '~test/support/server'

const server = await createTestServer()
/** As deployed: NODE_ENV=production with its required variables (mail is captured by the test's mailer, never sent). */
const production = await createTestServer({ NODE_ENV: 'production', APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail.example:587' })
type TestServer = typeof server
const { db } = server.database
const DAY_MS = 24 * 60 * 60 * 1000
const COOKIE = 'better-auth.session_token'
let addresses = 0

/** A confirmed member signed in by hand, so the test holds the raw session cookie a browser would send. */
async function signedIn() {
  const { email } = await server.signedInClient('session')
  const response = await server.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: APP_URL, 'content-type': 'application/json', 'x-real-ip': `192.0.2.${++addresses}` },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  })
  expect(response.status).toBe(200)
  const value = sessionCookieOf(response)!
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  const token = decodeURIComponent(value).split('.')[0]!
  return { cookie: `${COOKIE}=${value}`, value, token, userId: row!.id }
}

function sessionCookieOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))
  return cookie?.slice(COOKIE.length + 1).split(';')[0]
}

const ask = (app: ReturnType<typeof createApp>, cookie: string) => app.request('/api/session', { headers: { cookie } })

describe('the session on each request', () => {
  it('reads the signed-in member from the cookie', async () => {
    const { cookie, userId } = await signedIn()
    const response = await ask(server.app, cookie)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { user: { id: string } }).user.id).toBe(userId)
    // A fresh session doesn't slide: nothing is written and no cookie is sent back.
    expect(sessionCookieOf(response)).toBeUndefined()
  })

  it('refuses a token whose signature is missing, altered or made with another secret', async () => {
    const { token, value } = await signedIn()
    const signature = decodeURIComponent(value).slice(token.length + 1)
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    const forged = createHmac('sha256', 'not-the-server-secret-not-the-server-secret').update(token).digest('base64')
    for (const cookie of [token, `${token}.`, encodeURIComponent(`${token}.${altered}`), encodeURIComponent(`${token}.${forged}`)]) {
      expect(await signedInAs(ask(server.app, `${COOKIE}=${cookie}`))).toBeNull()
    }
  })

  it('slides a session last refreshed over a day ago: seven more days on the server and in the cookie, once', async () => {
    const { cookie, value, token } = await signedIn()
    await db.update(session).set({ expiresAt: new Date(Date.now() + 5 * DAY_MS), updatedAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(session.token, token))

    const slid = await ask(server.app, cookie)
    expect(slid.status).toBe(200)
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000)
    const setCookie = slid.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!
    expect(sessionCookieOf(slid)).toBe(value)
    expect(setCookie).toMatch(/Max-Age=604800/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/i)

    expect(sessionCookieOf(await ask(server.app, cookie))).toBeUndefined()
  })

  it('ends a session whose sliding expiry has passed, and removes it', async () => {
    const { cookie, token } = await signedIn()
    await db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token))
    expect(await signedInAs(ask(server.app, cookie))).toBeNull()
    expect(await db.select().from(session).where(eq(session.token, token))).toHaveLength(0)
  })

  it('works on every server of one database, and stops on all of them at once when signed out on one', async () => {
    const other = createApp({ config: server.config, database: server.database, logger: createLogger('silent'), mailer: { outbox: null, send: async () => undefined } })
    const { cookie } = await signedIn()
    expect(await signedInAs(ask(other, cookie))).not.toBeNull()
    const signOut = await server.app.request('/api/auth/sign-out', { method: 'POST', headers: { cookie, origin: APP_URL, 'content-type': 'application/json' }, body: '{}' })
    expect(signOut.status).toBe(200)
    expect(await signedInAs(ask(other, cookie))).toBeNull()
    expect(await signedInAs(ask(server.app, cookie))).toBeNull()
  })

  it('stops a session deleted on the server at its very next request', async () => {
    const { cookie, userId } = await signedIn()
    expect(await signedInAs(ask(server.app, cookie))).not.toBeNull()
    await db.delete(session).where(eq(session.userId, userId))
    expect(await signedInAs(ask(server.app, cookie))).toBeNull()
  })
})

/**
 * The session reader re-implements Better Auth's signed-cookie check (docs/decisions/0027-session-reader-follows-better-auth.md).
 * These pin it to the Better Auth installed, so an upgrade that signs, names or finds sessions differently fails here:
 * the cookie Better Auth sets at sign-in is read by Lumin's reader as by Better Auth's own, and neither reads it with
 * its signature altered.
 */
describe('the session reader follows Better Auth', () => {
  let members = 0

  /** A new member signed up, confirmed and signed in through Better Auth's endpoints, with the cookie its sign-in set. */
  async function signedInByBetterAuth(on: TestServer, cookieName: string) {
    const visitor = on.client()
    const email = `follows${++members}@example.com`
    await on.signUpConfirmed(visitor, email)
    const signIn = await visitor.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
    expect(signIn.status).toBe(200)
    const setCookie = signIn.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`))
    expect(setCookie, `Better Auth's sign-in sets ${cookieName}`).toBeDefined()
    const value = setCookie!.slice(cookieName.length + 1).split(';')[0]!
    const signed = decodeURIComponent(value)
    const dot = signed.lastIndexOf('.')
    const [member] = await on.database.db.select({ id: user.id }).from(user).where(eq(user.email, email))
    return { cookieName, value, token: signed.slice(0, dot), signature: signed.slice(dot + 1), userId: member!.id }
  }

  /** Who Better Auth's own session check says a cookie belongs to, on the same database with the same secret. */
  function betterAuthReader(on: TestServer) {
    const auth = createAuth({ config: on.config, db: on.database.db, mail: { send: async () => undefined }, logger: createLogger('silent') })
    return async (cookie: string) => (await auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id ?? null
  }

  /** Who Lumin's reader says a cookie belongs to, on GET /api/session and on a route only members may use. */
  async function luminReads(on: TestServer, cookie: string) {
    const membersOnly = await on.app.request('/api/journey', { headers: { cookie } })
    const who = (await signedInAs(ask(on.app, cookie)))?.id ?? null
    expect(membersOnly.status, 'GET /api/journey agrees with GET /api/session').toBe(who === null ? 401 : 200)
    return who
  }

  const modes: [mode: string, cookieName: string, on: TestServer][] = [
    ['local mode', 'better-auth.session_token', server],
    ['production', '__Secure-better-auth.session_token', production],
  ]

  it.each(modes)('%s: the cookie Better Auth signs at sign-in, %s, is read as its member by both readers', async (_, cookieName, on) => {
    const { value, token, signature, userId } = await signedInByBetterAuth(on, cookieName)
    // What the reader checks: the session token, a dot, and the token's HMAC-SHA256 under AUTH_SECRET in base64.
    expect(signature).toBe(createHmac('sha256', on.config.authSecret).update(token).digest('base64'))
    // ...and where it finds the session: the row whose token it is.
    const [row] = await on.database.db.select({ userId: session.userId }).from(session).where(eq(session.token, token))
    expect(row?.userId).toBe(userId)

    const cookie = `${cookieName}=${value}`
    expect(await betterAuthReader(on)(cookie)).toBe(userId)
    expect(await luminReads(on, cookie)).toBe(userId)
  })

  it.each(modes)('%s: the member factory signs and names the cookie as Better Auth does, and both readers take its session', async (_, cookieName, on) => {
    const { value, token } = await signedInByBetterAuth(on, cookieName)
    const production = on.config.production
    // The factory's cookie for the token Better Auth issued is the very cookie Better Auth set (docs/decisions/0029).
    expect(sessionCookie(token, on.config.authSecret, { production })).toBe(`${cookieName}=${value}`)
    const member = await createMember(on.database.db, { email: `factory${++members}@example.com`, password: TEST_PASSWORD, production, authSecret: on.config.authSecret })
    expect(member.session?.name).toBe(cookieName)
    expect(await betterAuthReader(on)(member.cookie!)).toBe(member.id)
    expect(await luminReads(on, member.cookie!)).toBe(member.id)
    // Its password signs in through Better Auth like any member's.
    expect((await on.client().post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD })).status).toBe(200)
  })

  it.each(modes)('%s: the same cookie with its signature altered is read by neither', async (_, cookieName, on) => {
    const { token, signature } = await signedInByBetterAuth(on, cookieName)
    // Still 44 base64 characters ending in '=', so Better Auth gets as far as checking the HMAC.
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    const cookie = `${cookieName}=${encodeURIComponent(`${token}.${altered}`)}`
    expect(await betterAuthReader(on)(cookie)).toBeNull()
    expect(await luminReads(on, cookie)).toBeNull()
  })
})
