import { createHmac, timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { eq, sql } from 'drizzle-orm'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { session as sessionTable, user as userTable } from '../db/schema'
import { requestWithBody, sendError } from '../http'
import { hitRateLimit } from '../rate-limit'
import type { Auth } from './auth'

const MINUTE = 60_000
const DAY_MS = 24 * 60 * MINUTE

/** Better Auth endpoints a stranger can call to guess passwords or send mail: each gets its own counters. */
const LIMITED_ENDPOINTS = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/send-verification-email', '/reset-password'])

export interface SessionUser {
  id: string
  email: string
  name: string
}
export interface AppEnv {
  Variables: { user: SessionUser }
}

/** The client's address: from the trusted proxy's header when one is configured, else the socket's. */
export function clientIp(c: Context, config: Config): string {
  if (config.trustedIpHeader) {
    // The nearest proxy appends the address it saw last; what a client wrote before it can be forged.
    const value = c.req.header(config.trustedIpHeader)?.split(',').at(-1)?.trim()
    if (value) return value
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** /api/auth/*: Lumin's atomic rate limits in front of Better Auth's handler. */
export function authRoutes({ auth, db, config }: { auth: Auth; db: Db; config: Config }) {
  const limit: MiddlewareHandler = async (c, next) => {
    const endpoint = c.req.path.replace(/^\/api\/auth/, '')
    if (c.req.method !== 'POST' || !LIMITED_ENDPOINTS.has(endpoint)) return next()
    const body: unknown = await c.req.json().catch(() => null)
    const email = body && typeof body === 'object' && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : null
    const keys = [`auth${endpoint}:ip:${clientIp(c, config)}`, ...(email ? [`auth${endpoint}:email:${email}`] : [])]
    for (const key of keys) {
      const hit = await hitRateLimit(db, key, LIMITS.signInPerMinute, MINUTE)
      if (!hit.allowed) {
        c.header('Retry-After', String(hit.retryAfter))
        return sendError(c, 'RATE_LIMITED')
      }
    }
    return next()
  }
  return new Hono().use('*', limit).on(['GET', 'POST'], '*', async (c) => auth.handler(await requestWithBody(c)))
}

/**
 * The session a token names, with its user: one look-up on the unique token index. Prepared, so each pooled connection
 * parses and plans it once.
 */
export function sessionByToken(db: Db) {
  return db
    .select({
      id: sessionTable.id,
      expiresAt: sessionTable.expiresAt,
      createdAt: sessionTable.createdAt,
      user: { id: userTable.id, email: userTable.email, name: userTable.name },
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, sql.placeholder('token')))
}

/** Who a request is signed in as, or nobody, with the reason to give when a screen needs someone. */
export type SessionRead = { user: SessionUser } | { user: null; message?: string }

/**
 * Reads the request's session in one query (docs/decisions/0008): Better Auth's signed session cookie, its sliding
 * expiry and refresh, and the absolute lifetime, whatever the sliding expiry says. Nothing is cached in memory, so a
 * session that was signed out or deleted stops working at once on every instance.
 */
export function sessionReader({ auth, db }: { auth: Auth; db: Db }) {
  const findSession = sessionByToken(db).prepare('session_by_token')
  const settings = auth.$context.then(({ authCookies, secret, sessionConfig }) => ({
    cookie: authCookies.sessionToken,
    dontRemember: authCookies.dontRememberToken.name,
    secret,
    expiresInMs: sessionConfig.expiresIn * 1000,
    updateAgeMs: sessionConfig.updateAge * 1000,
  }))
  const nobody: SessionRead = { user: null }
  return async (c: Context): Promise<SessionRead> => {
    const { cookie, dontRemember, secret, expiresInMs, updateAgeMs } = await settings
    const signed = getCookie(c, cookie.name)
    const token = signed && verifiedToken(signed, secret)
    if (!signed || !token) return nobody
    const [found] = await findSession.execute({ token })
    if (!found) return nobody
    const now = Date.now()
    if (found.expiresAt.getTime() <= now) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.id))
      return nobody
    }
    if (now - found.createdAt.getTime() > LIMITS.sessionAbsoluteDays * DAY_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.id))
      return { user: null, message: 'Your session has ended. Please sign in again.' }
    }
    // Better Auth's sliding expiry: at most once per updateAge, the session and its cookie get a full lifetime again,
    // unless the user asked not to be remembered (a browser-session cookie stays one).
    if (found.expiresAt.getTime() - expiresInMs + updateAgeMs <= now && !getCookie(c, dontRemember)) {
      const [refreshed] = await db
        .update(sessionTable)
        .set({ expiresAt: new Date(now + expiresInMs), updatedAt: new Date(now) })
        .where(eq(sessionTable.id, found.id))
        .returning({ id: sessionTable.id })
      if (!refreshed) return nobody
      const { path, domain, httpOnly, secure, sameSite } = cookie.attributes
      setCookie(c, cookie.name, signed, { path, domain, httpOnly, secure, sameSite, maxAge: expiresInMs / 1000 })
    }
    return { user: found.user }
  }
}

/** Signed-in users only: anyone else gets 401. */
export function requireUser(readSession: ReturnType<typeof sessionReader>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await readSession(c)
    if (!session.user) return sendError(c, 'UNAUTHORIZED', session.message)
    c.set('user', session.user)
    return next()
  }
}

/**
 * The session token from Better Auth's signed cookie value: the token, a dot, and the token's HMAC-SHA256 under the
 * auth secret in base64, as better-call signs it; null when the signature doesn't hold. Node's HMAC, not WebCrypto:
 * this runs on every request, and WebCrypto's key import and promises cost more than the hash.
 */
function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const token = signed.slice(0, dot)
  const given = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'))
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}
