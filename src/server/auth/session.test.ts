import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '~/server/app'
import { session, user } from '~/server/db/schema'
import { createLogger } from '~/server/logger'
import { APP_URL, createTestServer, signedInAs, TEST_PASSWORD } from '~test/support/server'

const server = await createTestServer()
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
